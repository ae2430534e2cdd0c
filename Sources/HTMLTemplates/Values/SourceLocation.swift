/// A position in a template file, carried by every parsed node that can fail later.
struct SourceLocation: Sendable, Equatable {
    let template: String
    let file: String
    var line: Int
    var column: Int

    /// An error of `kind` reported at this position.
    func error(_ kind: TemplateError.Kind, _ message: String) -> TemplateError {
        TemplateError(kind: kind, template: template, file: file, line: line, column: column, message: message)
    }

    /// "line 3, column 7", for messages that mention a second position.
    var lineAndColumn: String {
        "line \(line), column \(column)"
    }
}
