/// A value that must never reach a log, an error message or a page: passwords, tokens,
/// signing keys. Printing it shows `<redacted>`; the value is only reachable through
/// the explicitly named `revealed`.
package struct Secret: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    package let revealed: String

    package init(_ value: String) { revealed = value }

    package var description: String { "<redacted>" }
    package var debugDescription: String { "<redacted>" }
    package var customMirror: Mirror { Mirror(self, children: []) }
}
