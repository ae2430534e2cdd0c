package import HTMLTemplates

/// `delete-story.html`: asks the author to confirm deleting one of their stories,
/// showing a thumbnail of the one that will go.
package struct DeleteStoryPageModel: PageModel, Equatable {
    package static let templateName = "delete-story"

    /// Where the confirming form posts (the page's own address).
    package var action: String
    /// The story, where Cancel returns.
    package var cancelHref: String
    /// The story's thumbnail (a path), when it can be shown.
    package var thumb: String?
    /// Where the viewer was opened from, carried through the form (a path on this site).
    package var back: String?

    package init(action: String, cancelHref: String, thumb: String? = nil, back: String? = nil) {
        self.action = action
        self.cancelHref = cancelHref
        self.thumb = thumb
        self.back = back
    }

    package var templateValues: [String: TemplateValue] {
        ["action": .string(action), "cancelHref": .string(cancelHref), "thumb": .optional(thumb), "back": .optional(back)]
    }
}
