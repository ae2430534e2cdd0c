import FoundationEssentials
import GrainSupport

/// The headers of one part, read from the block `MultipartScanner` hands over.
///
/// Lines end in CRLF; a bare LF is tolerated because this block is bounded, parsed only
/// here and its end was found by the same rule (see `MultipartScanner`), so no other
/// reader can disagree about where the part's content starts. A CR anywhere else,
/// folded (indented) lines, non-UTF-8 text and repeated Content-Disposition or
/// Content-Type headers are refused as ambiguous. Unknown headers are ignored.
struct PartHeaders: Equatable {
    let disposition: ContentDisposition
    /// Lower-cased media type without parameters, nil when the part declared none.
    let contentType: String?

    init(block: [UInt8]) throws(MultipartError) {
        var disposition: ContentDisposition?
        var contentType: String?
        for rawLine in block.split(separator: 0x0A, omittingEmptySubsequences: true) {
            var line = rawLine
            if line.last == 0x0D { line.removeLast() }
            if line.isEmpty { continue }
            guard !line.contains(0x0D) else { throw .malformed(reason: "a part header contains a stray carriage return") }
            guard line.first != 0x20, line.first != 0x09 else { throw .malformed(reason: "a part header is folded") }
            guard let text = String(validating: line, as: UTF8.self), let colon = text.firstIndex(of: ":") else {
                throw .malformed(reason: "a part header is malformed")
            }
            let name = text[..<colon].lowercased()
            guard !name.isEmpty, !name.contains(" "), !name.contains("\t") else {
                throw .malformed(reason: "a part header is malformed")
            }
            let value = text[text.index(after: colon)...].trimmingWhitespace()
            switch name {
            case "content-disposition":
                guard disposition == nil else { throw .malformed(reason: "a part has two Content-Disposition headers") }
                disposition = try ContentDisposition(parsing: value)
            case "content-type":
                guard contentType == nil else { throw .malformed(reason: "a part has two Content-Type headers") }
                let mediaType = value.prefix { $0 != ";" }.trimmingWhitespace().lowercased()
                guard !mediaType.isEmpty else { throw .malformed(reason: "a part's Content-Type is empty") }
                if mediaType.hasPrefix("multipart/") { throw .nestedMultipart }
                contentType = mediaType
            case "content-transfer-encoding":
                // Deprecated for forms (RFC 7578 §4.7); only identity encodings keep the
                // bytes as sent, so anything else would store undecoded data.
                guard ["7bit", "8bit", "binary"].contains(value.lowercased()) else {
                    throw .malformed(reason: "a part uses an unsupported Content-Transfer-Encoding")
                }
            default:
                continue
            }
        }
        guard let disposition else { throw .malformed(reason: "a part has no Content-Disposition") }
        self.disposition = disposition
        self.contentType = contentType
    }
}
