/// DNS names as this resolver accepts them: host names (letters, digits, hyphens) plus
/// `_` for service labels such as `_atproto`, compared case-insensitively.
package enum DNSName {
    /// The longest name in presentation form without the trailing dot (RFC 1035: 255
    /// octets on the wire, which is 253 characters of text).
    package static let maxLength = 253
    /// The longest label (RFC 1035).
    package static let maxLabelLength = 63

    /// `name` lowercased, without one trailing dot, if it is a valid name; otherwise an
    /// `invalidName` error saying why. Only ASCII letters, digits, `-` and `_` are
    /// allowed in labels, so nothing the C resolver would interpret (backslash escapes,
    /// NUL) can reach it.
    package static func validated(_ name: String) throws(DNSError) -> String {
        var text = Substring(name)
        if text.hasSuffix(".") { text = text.dropLast() }
        guard !text.isEmpty else { throw .invalidName("the name is empty") }
        guard text.utf8.count <= maxLength else { throw .invalidName("longer than \(maxLength) characters") }
        for label in text.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false) {
            guard !label.isEmpty else { throw .invalidName("empty label") }
            guard label.count <= maxLabelLength else { throw .invalidName("a label is longer than \(maxLabelLength) characters") }
            guard label.allSatisfy(isLabelByte) else { throw .invalidName("only letters, digits, '-' and '_' are allowed") }
        }
        return text.lowercased()
    }

    /// The labels of a validated name, as lowercase bytes (the form answers are
    /// compared in).
    static func labels(of validatedName: String) -> [[UInt8]] {
        validatedName.utf8.split(separator: UInt8(ascii: ".")).map { Array($0) }
    }

    private static func isLabelByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
            true
        default:
            false
        }
    }
}
