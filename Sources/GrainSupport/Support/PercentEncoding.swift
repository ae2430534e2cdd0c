import FoundationEssentials

/// Percent-decoding and -encoding of URL components (RFC 3986), shared by paths,
/// query strings and form bodies.
package enum PercentEncoding {
    /// Decodes `%XX` escapes (and `+` as space when `plusIsSpace`, for forms and
    /// queries). Returns nil for a malformed escape or bytes that are not UTF-8.
    package static func decode(_ text: Substring, plusIsSpace: Bool) -> String? {
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

    package static func decode(_ text: String, plusIsSpace: Bool) -> String? {
        decode(text[...], plusIsSpace: plusIsSpace)
    }

    /// Encodes everything but RFC 3986 unreserved characters: safe inside a path
    /// segment or a query value.
    package static func encodeComponent(_ text: String) -> String {
        encode(text, keepingPathPunctuation: false)
    }

    /// Like `encodeComponent` but keeps `:` and `@`, which are legal in a path segment
    /// and common in DIDs (`did:plc:…`), so links stay readable.
    package static func encodePathSegment(_ text: String) -> String {
        encode(text, keepingPathPunctuation: true)
    }

    /// One pass from UTF-8 to ASCII (links are built for every author on every page).
    private static func encode(_ text: String, keepingPathPunctuation: Bool) -> String {
        let utf8 = text.utf8
        return String(unsafeUninitializedCapacity: utf8.count * 3) { output in
            var out = 0
            for byte in utf8 {
                switch byte {
                case 0x41...0x5A, 0x61...0x7A, 0x30...0x39, 0x2D, 0x2E, 0x5F, 0x7E:
                    output[out] = byte
                    out += 1
                case 0x3A where keepingPathPunctuation, 0x40 where keepingPathPunctuation:
                    output[out] = byte
                    out += 1
                default:
                    output[out] = 0x25
                    output[out + 1] = hexDigits[Int(byte >> 4)]
                    output[out + 2] = hexDigits[Int(byte & 0x0F)]
                    out += 3
                }
            }
            return out
        }
    }

    private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }
}
