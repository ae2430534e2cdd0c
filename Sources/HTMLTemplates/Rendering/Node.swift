/// One piece of a compiled template: what the renderer walks, with every decision about
/// escaping and partial lookup already made.
///
/// The payloads are final classes so that walking the tree copies one reference per node
/// instead of retaining every string and array inside it (retain/release dominated
/// rendering when they were structs).
enum Node: Sendable {
    case text(TextNode)
    case variable(VariableNode)
    case section(SectionNode)
    case partial(PartialNode)
}

/// Literal output.
final class TextNode: Sendable {
    let text: String
    /// `text` as UTF-8, ready to copy into the output.
    let bytes: [UInt8]
    /// UTF-8 offsets in `text` where a source line starts; a standalone partial's
    /// indentation is inserted there.
    let lineStarts: [Int]
    /// `bytes` cut at `lineStarts`, precomputed so indented output is plain appends.
    let lines: [[UInt8]]

    init(text: String, lineStarts: [Int]) {
        self.text = text
        self.lineStarts = lineStarts
        bytes = Array(text.utf8)
        guard !lineStarts.isEmpty else {
            lines = []
            return
        }
        var lines: [[UInt8]] = []
        var previous = 0
        for offset in lineStarts {
            lines.append(Array(bytes[previous..<offset]))
            previous = offset
        }
        lines.append(Array(bytes[previous...]))
        self.lines = lines
    }
}

/// `{{name}}`, with the escaping its HTML context requires.
final class VariableNode: Sendable {
    let path: VariablePath
    let escaping: Escaping
    let location: SourceLocation

    init(path: VariablePath, escaping: Escaping, location: SourceLocation) {
        self.path = path
        self.escaping = escaping
        self.location = location
    }
}

/// `{{#name}}…{{/name}}` or `{{^name}}…{{/name}}`.
final class SectionNode: Sendable {
    let path: VariablePath
    let isInverted: Bool
    let body: [Node]
    let location: SourceLocation

    init(path: VariablePath, isInverted: Bool, body: [Node], location: SourceLocation) {
        self.path = path
        self.isInverted = isInverted
        self.body = body
        self.location = location
    }
}

/// `{{> name}}`, resolved to an index into the library's templates.
final class PartialNode: Sendable {
    let index: Int
    /// Leading whitespace when the tag stood alone on its line; nil for an inline partial.
    let standaloneIndentation: String?
    let location: SourceLocation

    init(index: Int, standaloneIndentation: String?, location: SourceLocation) {
        self.index = index
        self.standaloneIndentation = standaloneIndentation
        self.location = location
    }
}
