/// One piece of a compiled template: what the renderer walks, with every decision about
/// escaping and partial lookup already made.
enum Node: Sendable {
    case text(TextNode)
    case variable(VariableNode)
    case section(SectionNode)
    case partial(PartialNode)
}

/// Literal output.
struct TextNode: Sendable {
    let text: String
    /// UTF-8 offsets in `text` where a source line starts; a standalone partial's
    /// indentation is inserted there.
    let lineStarts: [Int]
}

/// `{{name}}`, with the escaping its HTML context requires.
struct VariableNode: Sendable {
    let path: VariablePath
    let escaping: Escaping
    let location: SourceLocation
}

/// `{{#name}}…{{/name}}` or `{{^name}}…{{/name}}`.
struct SectionNode: Sendable {
    let path: VariablePath
    let isInverted: Bool
    let body: [Node]
    let location: SourceLocation
}

/// `{{> name}}`, resolved to an index into the library's templates.
struct PartialNode: Sendable {
    let index: Int
    /// Leading whitespace when the tag stood alone on its line; nil for an inline partial.
    let standaloneIndentation: String?
    let location: SourceLocation
}
