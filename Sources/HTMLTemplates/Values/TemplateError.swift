/// Why a template could not be loaded, parsed or rendered, and where.
///
/// Parse errors point at the exact tag or byte (1-based line and column, columns counted
/// in Unicode scalars) so a broken template fails start-up with a message an editor can
/// jump to, e.g. `Templates/story.html:12:7: unclosed section 'stories'`.
package struct TemplateError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The broad category, for callers that react differently (a missing page vs a bug).
    package enum Kind: String, Sendable, Equatable {
        /// The template text is malformed or puts a variable where it cannot be escaped.
        case parse
        /// Rendering failed: unknown variable in strict mode, a list printed as text,
        /// partial recursion too deep.
        case render
        /// A template, partial or layout name that the library does not have.
        case missingTemplate
        /// The template directory could not be read, or holds something refused.
        case io
    }

    package let kind: Kind
    /// The template's name ("story", "partials/avatar"); for I/O errors, the path.
    package let template: String
    /// The file as shown to people, e.g. "Templates/story.html".
    package let file: String
    /// 1-based line, or 0 when the error has no position.
    package let line: Int
    /// 1-based column in Unicode scalars, or 0 when the error has no position.
    package let column: Int
    package let message: String

    package init(kind: Kind, template: String, file: String, line: Int = 0, column: Int = 0, message: String) {
        self.kind = kind
        self.template = template
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    package var description: String {
        line > 0 ? "\(file):\(line):\(column): \(message)" : "\(file): \(message)"
    }
}
