public import HTMLTemplates

/// `error.html`: a status page. A server error with a reference shows it, so a person
/// reporting the failure can name the log line.
public struct ErrorPageModel: PageModel, Equatable {
    public static let templateName = "error"

    public var status: Int
    public var title: String
    public var message: String
    /// The request's id, or empty when there is nothing to refer to.
    public var reference: String

    public init(status: Int, title: String, message: String, reference: String) {
        self.status = status
        self.title = title
        self.message = message
        self.reference = reference
    }

    public var templateValues: [String: TemplateValue] {
        [
            "status": .int(status),
            "title": .string(title),
            "message": .string(message),
            "reference": .string(reference),
            "isServerError": .bool(status >= 500 && !reference.isEmpty),
        ]
    }
}
