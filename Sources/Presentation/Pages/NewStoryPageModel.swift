package import HTMLTemplates

/// `new-story.html`: the upload form, with the reason the last upload was refused.
package struct NewStoryPageModel: PageModel, Equatable {
    package static let templateName = "new-story"

    package var problem: String?
    /// The largest photo, for people ("25 MB").
    package var maxBytes: String
    /// The largest photo in bytes, for the script that refuses larger files early.
    package var maxBytesNumber: Int

    package init(problem: String?, maxBytes: String, maxBytesNumber: Int) {
        self.problem = problem
        self.maxBytes = maxBytes
        self.maxBytesNumber = maxBytesNumber
    }

    package var templateValues: [String: TemplateValue] {
        ["problem": .optional(problem), "maxBytes": .string(maxBytes), "maxBytesNumber": .int(maxBytesNumber)]
    }
}
