package import HTMLTemplates

/// `delete-story.html`: asks the author to confirm deleting one of their stories,
/// showing a thumbnail of the one that will go and what becomes of its Bluesky post; and,
/// after deleting, says when that post could not be deleted with it.
package struct DeleteStoryPageModel: PageModel, Equatable {
    package static let templateName = "delete-story"

    /// What becomes of the story's Bluesky crosspost.
    package enum Crosspost: Sendable, Equatable {
        /// It is deleted with the story.
        case deletedWithIt
        /// It stays, since the sign-in does not allow deleting Bluesky posts (`reason`);
        /// the person can delete it on Bluesky at `href`.
        case stays(href: String, reason: String)
        /// Whether there is one could not be checked (the PDS did not answer).
        case unknown
        /// After deleting: the story went, its post at `href` could not be deleted.
        case notDeleted(href: String)
    }

    /// Where the confirming form posts (the page's own address).
    package var action: String
    /// The story, where Cancel returns.
    package var cancelHref: String
    /// The story's thumbnail (a path), when it can be shown.
    package var thumb: String?
    /// Where the viewer was opened from, carried through the form (a path on this site).
    package var back: String?
    /// Its Bluesky post, when one shares it (or whether one does is not known).
    package var crosspost: Crosspost?
    /// After deleting: where to go on (the page is then a report, not a question).
    package var continueHref: String?

    package init(
        action: String, cancelHref: String, thumb: String? = nil, back: String? = nil, crosspost: Crosspost? = nil, continueHref: String? = nil
    ) {
        self.action = action
        self.cancelHref = cancelHref
        self.thumb = thumb
        self.back = back
        self.crosspost = crosspost
        self.continueHref = continueHref
    }

    package var templateValues: [String: TemplateValue] {
        var stays: TemplateValue = .null
        var notDeleted: TemplateValue = .null
        switch crosspost {
        case .stays(let href, let reason)?: stays = .object(["href": .string(href), "reason": .string(reason)])
        case .notDeleted(let href)?: notDeleted = .object(["href": .string(href)])
        case .deletedWithIt?, .unknown?, nil: break
        }
        return [
            "action": .string(action), "cancelHref": .string(cancelHref), "thumb": .optional(thumb), "back": .optional(back),
            "deleted": .bool(continueHref != nil), "continueHref": .optional(continueHref),
            "crosspostDeleted": .bool(crosspost == .deletedWithIt), "crosspostStays": stays, "crosspostUnknown": .bool(crosspost == .unknown),
            "crosspostNotDeleted": notDeleted,
        ]
    }
}
