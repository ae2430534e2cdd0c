public import HTMLTemplates

/// `new-story.html`: the upload form, with the reason the last upload was refused.
public struct NewStoryPageModel: PageModel, Equatable {
    public static let templateName = "new-story"

    public var problem: String?
    /// The largest photo, for people ("25 MB").
    public var maxBytes: String
    /// The largest photo in bytes, for the script that refuses larger files early.
    public var maxBytesNumber: Int

    public init(problem: String?, maxBytes: String, maxBytesNumber: Int) {
        self.problem = problem
        self.maxBytes = maxBytes
        self.maxBytesNumber = maxBytesNumber
    }

    public var templateValues: [String: TemplateValue] {
        ["problem": .optional(problem), "maxBytes": .string(maxBytes), "maxBytesNumber": .int(maxBytesNumber)]
    }
}
