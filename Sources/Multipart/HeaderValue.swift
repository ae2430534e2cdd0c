/// A MIME header value with parameters, such as `multipart/form-data; boundary=abc` or
/// `form-data; name="photo"; filename="a.jpg"` (RFC 2045 §5.1, RFC 6266 §4.1).
///
/// Parameter names are case-insensitive and stored lower-cased. Values are tokens or
/// quoted strings. Inside quotes only `\"` and `\\` are escapes; any other backslash is
/// kept, because old browsers send Windows paths (`C:\photos\a.jpg`) unescaped.
/// A repeated parameter makes the whole value invalid: two `name`s could be read
/// differently by two parsers, so neither is trusted.
struct HeaderValue: Equatable {
    /// The part before the first `;`, trimmed (a media type or disposition type).
    let value: String
    let parameters: [String: String]

    /// Nil when the text is not a well-formed value with parameters.
    init?(parsing text: String) {
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count, bytes[index] != UInt8(ascii: ";") { index += 1 }
        let head = Self.trimmed(bytes[0..<index])
        guard !head.isEmpty, !head.contains(UInt8(ascii: "\"")) else { return nil }
        value = String(decoding: head, as: UTF8.self)
        var parameters: [String: String] = [:]
        while index < bytes.count {
            index += 1  // the `;`
            index = Self.skipSpace(bytes, from: index)
            if index == bytes.count { break }
            if bytes[index] == UInt8(ascii: ";") { continue }  // an empty parameter
            let nameStart = index
            while index < bytes.count, Self.isTokenByte(bytes[index]) { index += 1 }
            let name = String(decoding: bytes[nameStart..<index], as: UTF8.self).lowercased()
            index = Self.skipSpace(bytes, from: index)
            guard !name.isEmpty, index < bytes.count, bytes[index] == UInt8(ascii: "=") else { return nil }
            index = Self.skipSpace(bytes, from: index + 1)
            let parameterValue: [UInt8]
            if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
                guard let (unquoted, next) = Self.quotedString(bytes, from: index + 1) else { return nil }
                parameterValue = unquoted
                index = Self.skipSpace(bytes, from: next)
            } else {
                let valueStart = index
                while index < bytes.count, bytes[index] != UInt8(ascii: ";") { index += 1 }
                parameterValue = Self.trimmed(bytes[valueStart..<index])
                guard !parameterValue.contains(UInt8(ascii: "\"")),
                    !parameterValue.contains(where: Self.isSpace)
                else { return nil }
            }
            guard index == bytes.count || bytes[index] == UInt8(ascii: ";") else { return nil }
            guard parameters[name] == nil else { return nil }
            parameters[name] = String(decoding: parameterValue, as: UTF8.self)
        }
        self.parameters = parameters
    }

    /// The unescaped content of a quoted string whose opening quote precedes `start`, and
    /// the index just past its closing quote; nil if it never closes.
    private static func quotedString(_ bytes: [UInt8], from start: Int) -> ([UInt8], Int)? {
        var out: [UInt8] = []
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { return (out, index + 1) }
            if byte == UInt8(ascii: "\\"), index + 1 < bytes.count,
                bytes[index + 1] == UInt8(ascii: "\"") || bytes[index + 1] == UInt8(ascii: "\\")
            {
                out.append(bytes[index + 1])
                index += 2
            } else {
                out.append(byte)
                index += 1
            }
        }
        return nil
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    /// RFC 9110 `tchar`, plus `*` for extended parameters such as `filename*`.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            tokenSymbols.contains(byte)
        }
    }

    private static let tokenSymbols = Array("!#$%&'*+-.^_`|~".utf8)

    private static func skipSpace(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start
        while index < bytes.count, isSpace(bytes[index]) { index += 1 }
        return index
    }

    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var slice = bytes
        while let first = slice.first, isSpace(first) { slice.removeFirst() }
        while let last = slice.last, isSpace(last) { slice.removeLast() }
        return Array(slice)
    }
}
