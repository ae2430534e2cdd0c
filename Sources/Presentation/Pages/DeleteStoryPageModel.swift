package import HTMLTemplates

/// `delete-story.html`: asks the author to confirm deleting one of their stories.
package struct DeleteStoryPageModel: PageModel, Equatable {
    package static let templateName = "delete-story"

    /// Where the confirming form posts (the page's own address).
    package var action: String
    /// The story, where Cancel returns.
    package var cancelHref: String

    package init(action: String, cancelHref: String) {
        self.action = action
        self.cancelHref = cancelHref
    }

    package var templateValues: [String: TemplateValue] {
        ["action": .string(action), "cancelHref": .string(cancelHref)]
    }
}
