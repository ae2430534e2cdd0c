/// A value that must never reach a log, an error message or a page: passwords, tokens,
/// signing keys. Printing it shows `<redacted>`; the value is only reachable through
/// the explicitly named `revealed`.
public struct Secret: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public let revealed: String

    public init(_ value: String) { revealed = value }

    public var description: String { "<redacted>" }
    public var debugDescription: String { "<redacted>" }
    public var customMirror: Mirror { Mirror(self, children: []) }
}
