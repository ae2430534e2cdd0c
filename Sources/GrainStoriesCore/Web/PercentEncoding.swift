import Foundation

/// Percent-decoding and -encoding of URL components (RFC 3986), shared by paths,
/// query strings and form bodies.
public enum PercentEncoding {
    /// Decodes `%XX` escapes (and `+` as space when `plusIsSpace`, for forms and
    /// queries). Returns nil for a malformed escape or bytes that are not UTF-8.
    public static func decode(_ text: Substring, plusIsSpace: Bool) -> String? {
        let utf8 = text.utf8
        guard utf8.contains(where: { $0 == 0x25 || (plusIsSpace && $0 == 0x2B) }) else { return String(text) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var index = utf8.startIndex
        while index != utf8.endIndex {
            let byte = utf8[index]
            if byte == 0x25 {
                let first = utf8.index(after: index)
                guard first != utf8.endIndex else { return nil }
                let second = utf8.index(after: first)
                guard second != utf8.endIndex, let high = hexValue(utf8[first]), let low = hexValue(utf8[second]) else { return nil }
                bytes.append(high << 4 | low)
                index = utf8.index(after: second)
            } else {
                bytes.append(plusIsSpace && byte == 0x2B ? 0x20 : byte)
                index = utf8.index(after: index)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    public static func decode(_ text: String, plusIsSpace: Bool) -> String? {
        decode(text[...], plusIsSpace: plusIsSpace)
    }

    /// Encodes everything but RFC 3986 unreserved characters: safe inside a path
    /// segment or a query value.
    public static func encodeComponent(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case 0x41...0x5A, 0x61...0x7A, 0x30...0x39, 0x2D, 0x2E, 0x5F, 0x7E:
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%"
                out += hexDigits[Int(byte >> 4)]
                out += hexDigits[Int(byte & 0x0F)]
            }
        }
        return out
    }

    /// Like `encodeComponent` but keeps `:` and `@`, which are legal in a path segment
    /// and common in DIDs (`did:plc:…`), so links stay readable.
    public static func encodePathSegment(_ text: String) -> String {
        encodeComponent(text).replacingOccurrences(of: "%3A", with: ":").replacingOccurrences(of: "%40", with: "@")
    }

    private static let hexDigits = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "A", "B", "C", "D", "E", "F"]

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }
}
