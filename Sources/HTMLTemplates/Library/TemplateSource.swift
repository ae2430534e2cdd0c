/// One template's text, its name, and the file name used in error messages.
struct TemplateSource: Sendable {
    let name: String
    let file: String
    let text: String
}
