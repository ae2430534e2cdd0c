/// Handle syntax from the atproto handle spec: an ASCII host name of at most 253
/// characters, at least two labels of 1–63 letters, digits and hyphens (not at either
/// end of a label), and a last label that does not start with a digit. Handles are
/// case-insensitive; the canonical form is lowercase.
enum HandleSyntax {
    /// Top-level domains that can never name a public account (special-use and
    /// reserved names). atproto refuses to register them; this server does not go
    /// looking for them in DNS or over HTTPS either. `.test` stays allowed for tests.
    static let reservedTopLevelDomains: Set<String> = ["alt", "arpa", "example", "internal", "invalid", "local", "localhost", "onion"]

    /// The handle in canonical form, or nil if `input` is not one. Accepts what people
    /// type: surrounding spaces, a leading `@`, capitals.
    static func normalised(_ input: String) -> String? {
        var text = Substring(input)
        while text.first?.isWhitespace == true { text.removeFirst() }
        while text.last?.isWhitespace == true { text.removeLast() }
        if text.first == "@" { text.removeFirst() }
        guard isValid(text) else { return nil }
        return text.lowercased()
    }

    static func isValid(_ handle: Substring) -> Bool {
        let bytes = Array(handle.utf8)
        guard !bytes.isEmpty, bytes.count <= 253 else { return false }
        let labels = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard labels.count >= 2, labels.allSatisfy(isValidLabel), let last = labels.last?.first else { return false }
        return !isDigit(last)
    }

    /// Whether the handle's top-level domain can belong to a public account.
    static func isResolvable(_ handle: String) -> Bool {
        guard let topLevel = handle.split(separator: ".").last else { return false }
        return !reservedTopLevelDomains.contains(String(topLevel))
    }

    /// A host-name label: 1–63 of `[A-Za-z0-9-]`, no hyphen first or last.
    static func isValidLabel(_ label: ArraySlice<UInt8>) -> Bool {
        guard (1...63).contains(label.count), label.first != UInt8(ascii: "-"), label.last != UInt8(ascii: "-") else { return false }
        return label.allSatisfy { isDigit($0) || isLetter($0) || $0 == UInt8(ascii: "-") }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
    private static func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
}
