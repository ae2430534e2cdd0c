/// A variable reference: `.` (the current item) or dotted keys such as `story.author.handle`.
///
/// A class so the renderer passes one reference per lookup rather than retaining each
/// string and array inside.
final class VariablePath: Sendable, CustomStringConvertible {
    /// The keys to follow; empty for `.`.
    let segments: [String]
    /// The first key, looked up through the context stack; nil for `.`.
    let first: String?
    /// The keys after the first, followed from the value found for it.
    let rest: [String]
    /// The name as written, for messages.
    let description: String

    /// Parses `text`, or returns nil if it is not `.` or dot-separated keys made of
    /// letters, digits, `_` and `-`.
    init?(_ text: String) {
        description = text
        if text == "." {
            segments = []
        } else {
            let parts = text.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy(Self.isKeyByte) }) else { return nil }
            segments = parts.map(String.init)
        }
        first = segments.first
        rest = Array(segments.dropFirst())
    }

    static func isKeyByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
            true
        default:
            false
        }
    }
}
