/// The Mustache structure of one template, before HTML contexts are checked.
///
/// Kept separate from the render tree because layouts are expanded at compile time: a
/// page's block overrides are compiled inside the layout, in whatever HTML context the
/// layout declares each block.
enum SyntaxNode: Sendable {
    /// Literal text without line breaks, or a single line break.
    case text(String, SourceLocation)
    case lineStart
    case variable(VariablePath, SourceLocation)
    case section(SyntaxSection)
    case partial(name: String, standaloneIndentation: String?, SourceLocation)
    case block(SyntaxBlock)
    case parent(SyntaxParent)
}

extension SyntaxNode {
    /// Where the node starts (nil for a line start marker).
    var location: SourceLocation? {
        switch self {
        case .text(_, let location), .variable(_, let location), .partial(_, _, let location): location
        case .section(let section): section.location
        case .block(let block): block.location
        case .parent(let parent): parent.location
        case .lineStart: nil
        }
    }
}

/// `{{#name}}…{{/name}}` or `{{^name}}…{{/name}}`.
struct SyntaxSection: Sendable {
    let path: VariablePath
    let isInverted: Bool
    let children: [SyntaxNode]
    let location: SourceLocation
    let closeLocation: SourceLocation
}

/// `{{$name}}default{{/name}}` in a layout, or an override inside `{{<layout}}`.
struct SyntaxBlock: Sendable {
    let name: String
    /// Leading whitespace of the opening tag when it opened a standalone line.
    let indentation: String?
    let children: [SyntaxNode]
    let location: SourceLocation
    let closeLocation: SourceLocation
}

/// `{{<layout}}{{$block}}…{{/block}}{{/layout}}`.
struct SyntaxParent: Sendable {
    let name: String
    let overrides: [String: SyntaxBlock]
    let location: SourceLocation
}

/// A parsed template and where it came from.
struct SyntaxTemplate: Sendable {
    let name: String
    let file: String
    let nodes: [SyntaxNode]
    /// Where the end of the file is, for errors about constructs left open.
    let endLocation: SourceLocation
}
