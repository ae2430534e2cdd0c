/// One lexical piece of a template: literal text, a line break, or a `{{…}}` tag.
///
/// Text never contains a line break, so standalone-line detection can work line by line.
enum TemplateToken: Sendable {
    case text(String, SourceLocation)
    /// "\n" or "\r\n".
    case newline(String, SourceLocation)
    case tag(TemplateTag)
}

/// A `{{…}}` tag, already classified and with its name validated.
struct TemplateTag: Sendable {
    enum Kind: Sendable {
        case variable(VariablePath)
        case comment
        case section(VariablePath)
        case invertedSection(VariablePath)
        case close(String)
        case partial(String)
        case parent(String)
        case block(String)
    }

    let kind: Kind
    let location: SourceLocation

    /// Tags that vanish with their line when they stand alone on it (Mustache spec):
    /// everything except variables, which produce output.
    var canStandAlone: Bool {
        if case .variable = kind { return false }
        return true
    }
}

/// The scanner's output after standalone lines are removed.
enum LineItem: Sendable {
    case text(String, SourceLocation)
    /// The start of a source line that survives; a standalone partial indents from here.
    case lineStart
    /// A tag; `standaloneIndentation` is the leading whitespace of a partial or block tag
    /// that opened a standalone line (nil otherwise).
    case tag(TemplateTag, standaloneIndentation: String?)
}
