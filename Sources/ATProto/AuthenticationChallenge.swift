/// One challenge of a `WWW-Authenticate` field (RFC 9110 §11.6.1): a scheme with either
/// auth parameters (`Bearer error="invalid_token"`, `DPoP error="use_dpop_nonce",
/// algs="ES256"`) or a token68. Authorizers read a PDS's verdict on their credentials
/// from it: the body's error name alone is not enough, since a 401 may carry none.
package struct AuthenticationChallenge: Sendable, Equatable {
    /// The scheme as sent; compare with `isScheme`, schemes are case-insensitive.
    package var scheme: String
    /// Parameter names lowercased (they are case-insensitive); values unquoted. The
    /// first of a repeated name wins.
    package var parameters: [String: String]
    /// The token68 form (`Basic dXNlcg==`), when the challenge has one.
    package var token68: String?

    package init(scheme: String, parameters: [String: String] = [:], token68: String? = nil) {
        self.scheme = scheme
        self.parameters = parameters
        self.token68 = token68
    }

    package func isScheme(_ name: String) -> Bool { scheme.lowercased() == name.lowercased() }

    /// The value of parameter `name` (any letter case).
    package func parameter(_ name: String) -> String? { parameters[name.lowercased()] }

    /// The challenges in one field value, in order. A malformed field gives challenges
    /// that name nothing an authorizer looks for, never a crash.
    package static func parse(_ field: String) -> [AuthenticationChallenge] {
        var scanner = Scanner(Array(field.utf8))
        var challenges: [AuthenticationChallenge] = []
        while true {
            scanner.skip { $0 == UInt8(ascii: ",") || isSpace($0) }
            guard let scheme = scanner.token() else { break }
            var challenge = AuthenticationChallenge(scheme: scheme)
            scanner.skip(isSpace)
            if let token68 = scanner.token68() {
                challenge.token68 = token68
            } else {
                while let (name, value) = scanner.parameter() {
                    if challenge.parameters[name.lowercased()] == nil { challenge.parameters[name.lowercased()] = value }
                }
            }
            challenges.append(challenge)
        }
        return challenges
    }

    static func isSpace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }

    /// A cursor over the field's bytes; each reader either consumes what it read or
    /// leaves the position where it was.
    private struct Scanner {
        static let delimiters = Set("\"(),/:;<=>?@[\\]{}".utf8)
        static let token68Marks = Set("-._~+/".utf8)
        let bytes: [UInt8]
        var position = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var current: UInt8? { position < bytes.count ? bytes[position] : nil }

        mutating func skip(_ predicate: (UInt8) -> Bool) {
            while let byte = current, predicate(byte) { position += 1 }
        }

        /// RFC 9110 `token`: visible ASCII except delimiters.
        mutating func token() -> String? {
            let start = position
            skip { byte in byte > 0x20 && byte < 0x7F && !Scanner.delimiters.contains(byte) }
            return position > start ? String(decoding: bytes[start..<position], as: UTF8.self) : nil
        }

        /// A token68 (`[A-Za-z0-9-._~+/]+ =*`) that stands alone, followed by the end or
        /// a comma; nil, leaving the position, when it is followed by a value (then it
        /// was a parameter's name: a parameter's value is never empty).
        mutating func token68() -> String? {
            let start = position
            skip { byte in
                (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                    || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || Scanner.token68Marks.contains(byte)
            }
            guard position > start else { return nil }
            skip { $0 == UInt8(ascii: "=") }
            let end = position
            skip(AuthenticationChallenge.isSpace)
            guard current == nil || current == UInt8(ascii: ",") else {
                position = start
                return nil
            }
            return String(decoding: bytes[start..<end], as: UTF8.self)
        }

        /// `name = value` (a token or a quoted string), with the comma after it; nil,
        /// leaving the position, when the next item is not a parameter (it is the next
        /// challenge's scheme, or the end).
        mutating func parameter() -> (String, String)? {
            let start = position
            skip { $0 == UInt8(ascii: ",") || AuthenticationChallenge.isSpace($0) }
            guard let name = token() else {
                position = start
                return nil
            }
            skip(AuthenticationChallenge.isSpace)
            guard current == UInt8(ascii: "=") else {
                position = start
                return nil
            }
            position += 1
            skip(AuthenticationChallenge.isSpace)
            guard let value = current == UInt8(ascii: "\"") ? quoted() : token() else {
                position = start
                return nil
            }
            skip(AuthenticationChallenge.isSpace)
            return (name, value)
        }

        /// A quoted string, unescaped; nil when it never closes.
        mutating func quoted() -> String? {
            let start = position
            position += 1
            var value: [UInt8] = []
            while let byte = current {
                position += 1
                if byte == UInt8(ascii: "\"") { return String(decoding: value, as: UTF8.self) }
                if byte == UInt8(ascii: "\\"), let escaped = current {
                    value.append(escaped)
                    position += 1
                } else {
                    value.append(byte)
                }
            }
            position = start
            return nil
        }
    }
}
