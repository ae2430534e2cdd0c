/// An atproto handle in canonical (lowercase) form: an ASCII host name of at most 253
/// characters, at least two labels of 1–63 letters, digits and hyphens (not at either
/// end of a label), and a last label that does not start with a digit.
package struct Handle: Hashable, Comparable, Sendable {
    /// Lowercase: handles are case-insensitive.
    package let rawValue: String

    /// Top-level domains that can never name a public account (special-use and
    /// reserved names). atproto refuses to register them; this server does not go
    /// looking for them in DNS or over HTTPS either. `.test` stays allowed for tests.
    package static let reservedTopLevelDomains: Set<String> = ["alt", "arpa", "example", "internal", "invalid", "local", "localhost", "onion"]

    /// The handle in what a person typed: surrounding spaces, a leading `@` and capitals
    /// are accepted; nil if it is not a handle.
    package init?(_ input: some StringProtocol) {
        var text = Substring(input)
        while text.first?.isWhitespace == true { text.removeFirst() }
        while text.last?.isWhitespace == true { text.removeLast() }
        if text.first == "@" { text.removeFirst() }
        self.init(exactly: text)
    }

    /// The handle when `text` is exactly one (any case), with nothing around it.
    package init?(exactly text: some StringProtocol) {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, bytes.count <= 253 else { return nil }
        let labels = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard labels.count >= 2, labels.allSatisfy(Handle.isValidLabel), let last = labels.last?.first,
            !Handle.isDigit(last)
        else { return nil }
        rawValue = text.lowercased()
    }

    package static func < (lhs: Handle, rhs: Handle) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Whether the top-level domain can belong to a public account.
    package var isResolvable: Bool {
        guard let topLevel = rawValue.split(separator: ".").last else { return false }
        return !Handle.reservedTopLevelDomains.contains(String(topLevel))
    }

    /// A host-name label: 1–63 of `[A-Za-z0-9-]`, no hyphen first or last.
    private static func isValidLabel(_ label: ArraySlice<UInt8>) -> Bool {
        guard (1...63).contains(label.count), label.first != UInt8(ascii: "-"), label.last != UInt8(ascii: "-") else { return false }
        return label.allSatisfy { isDigit($0) || isLetter($0) || $0 == UInt8(ascii: "-") }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
    private static func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
}

extension Handle: ProtocolText {
    package static let kind = "handle"
    /// The network's JSON is not what a person typed: only an exact handle decodes.
    package init?(wireText text: String) { self.init(exactly: text) }
}
