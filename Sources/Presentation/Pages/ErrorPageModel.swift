package import HTMLTemplates

/// `error.html`: a status page. A server error with a reference shows it, so a person
/// reporting the failure can name the log line.
package struct ErrorPageModel: PageModel, Equatable {
    package static let templateName = "error"

    package var status: Int
    package var title: String
    package var message: String
    /// The request's id, or empty when there is nothing to refer to.
    package var reference: String

    package init(status: Int, title: String, message: String, reference: String) {
        self.status = status
        self.title = title
        self.message = message
        self.reference = reference
    }

    package var templateValues: [String: TemplateValue] {
        [
            "status": .int(status),
            "title": .string(title),
            "message": .string(message),
            "reference": .string(reference),
            "isServerError": .bool(status >= 500 && !reference.isEmpty),
        ]
    }
}
