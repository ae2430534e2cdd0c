public import HTMLTemplates

/// `delete-story.html`: asks the author to confirm deleting one of their stories.
public struct DeleteStoryPageModel: PageModel, Equatable {
    public static let templateName = "delete-story"

    /// Where the confirming form posts (the page's own address).
    public var action: String
    /// The story, where Cancel returns.
    public var cancelHref: String

    public init(action: String, cancelHref: String) {
        self.action = action
        self.cancelHref = cancelHref
    }

    public var templateValues: [String: TemplateValue] {
        ["action": .string(action), "cancelHref": .string(cancelHref)]
    }
}
