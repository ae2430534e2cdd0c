import FoundationEssentials
import GrainSupport

/// The boundary of a `multipart/form-data` body, taken from the request's Content-Type.
///
/// RFC 2046 §5.1.1 allows 1–70 characters from a small set (`bchars`) and no trailing
/// space. Refusing anything else matters beyond pedantry: a boundary can never contain
/// CR, which is what keeps the delimiter search in `MultipartScanner` linear.
struct MultipartBoundary: Equatable {
    /// The boundary as sent, without the leading `--`.
    let bytes: [UInt8]

    /// The boundary from a Content-Type header, or the reason it is unusable.
    init(contentType: String?) throws(MultipartError) {
        guard let contentType, let header = HeaderValue(parsing: contentType) else {
            // An unparsable header that still says multipart/form-data is a broken
            // boundary, not a different media type.
            if let contentType, Self.mediaType(of: contentType) == "multipart/form-data" {
                throw .missingBoundary
            }
            throw .notMultipart
        }
        guard header.value.lowercased() == "multipart/form-data" else { throw .notMultipart }
        guard let boundary = header.parameters["boundary"] else { throw .missingBoundary }
        let bytes = Array(boundary.utf8)
        guard (1...70).contains(bytes.count), bytes.allSatisfy(Self.isBoundaryByte),
            bytes.last != UInt8(ascii: " ")
        else { throw .missingBoundary }
        self.bytes = bytes
    }

    /// What separates parts inside the body: CRLF, `--`, then the boundary.
    var delimiter: [UInt8] { [0x0D, 0x0A, UInt8(ascii: "-"), UInt8(ascii: "-")] + bytes }

    /// RFC 2046 `bchars`: DIGIT / ALPHA / `'()+_,-./:=?` / space.
    private static func isBoundaryByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            symbols.contains(byte)
        }
    }

    private static let symbols = Array("'()+_,-./:=? ".utf8)

    private static func mediaType(of contentType: String) -> String {
        contentType.prefix { $0 != ";" }.trimmingWhitespace().lowercased()
    }
}
