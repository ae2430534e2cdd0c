package import HTMLTemplates

/// One comment as the comments page and the viewer's bar draw it: its author, when it was
/// written, its text as runs (a link where a checked facet says so, `CommentText`), the
/// delete form's address on the signed-in person's own, and how sending it is going; on
/// the comments page also its heart (count, the signed-in person's own state), what a
/// reply to it starts with, and the replies shown under it (top-level comments only).
package struct CommentModel: TemplateModel, Equatable {
    /// A stretch of the text, a link or not.
    package struct Run: TemplateModel, Equatable {
        package var text: String
        package var href: String?

        package init(text: String, href: String?) {
            self.text = text
            self.href = href
        }

        package var templateValues: [String: TemplateValue] {
            ["text": .string(text), "href": .optional(href)]
        }
    }

    package var name: String
    package var handle: String
    package var profileHref: String
    package var avatar: AvatarModel
    package var createdAt: String
    package var time: String
    package var timeLong: String
    package var runs: [Run]
    /// Where the delete form posts, on the signed-in person's own comment only.
    package var deleteAction: String?
    /// How sending it is going, while it is not on the PDS yet.
    package var state: String?
    /// The comment's AT URI: what a heart on it, or a reply to it, names.
    package var uri: String = ""
    /// Where its heart form posts, when the person may give one (signed in, story live).
    package var favoriteAction: String?
    package var favorited = false
    /// Favourites it has, as Grain counts them (never fewer than the person's own).
    package var favCount = 0
    /// What a reply to it starts with (`@handle `, as Grain's composer does), when the
    /// person may reply.
    package var replyDraft: String?
    /// The replies shown under it (one level, `CommentNesting`).
    package var replies: [CommentModel] = []

    package init(
        name: String, handle: String, profileHref: String, avatar: AvatarModel, createdAt: String, time: String, timeLong: String,
        runs: [Run], deleteAction: String?, state: String?
    ) {
        self.name = name
        self.handle = handle
        self.profileHref = profileHref
        self.avatar = avatar
        self.createdAt = createdAt
        self.time = time
        self.timeLong = timeLong
        self.runs = runs
        self.deleteAction = deleteAction
        self.state = state
    }

    /// Its favourites in words: "1 like", "3 likes".
    private var favCountLabel: String { favCount == 1 ? "1 like" : "\(favCount) likes" }

    package var templateValues: [String: TemplateValue] {
        [
            "name": .string(name),
            "handle": .string(handle),
            "profileHref": .string(profileHref),
            "avatar": avatar.templateValue,
            "createdAt": .string(createdAt),
            "time": .string(time),
            "timeLong": .string(timeLong),
            "runs": .list(runs.map(\.templateValue)),
            "deleteAction": .optional(deleteAction),
            "state": .optional(state),
            "uri": .string(uri),
            "favoriteAction": .optional(favoriteAction),
            "favorited": .bool(favorited),
            // No number beside the heart while there are none ("♥ 0" under every comment).
            "favCountText": .optional(favCount > 0 ? "\(favCount)" : nil),
            "favCountLabel": .string(favCountLabel),
            // The label replaces the button's text for screen readers, so it carries the count.
            "favLabel": .string((favorited ? "Remove your like from this comment" : "Like this comment") + (favCount > 0 ? " (\(favCountLabel))" : "")),
            "replyDraft": .optional(replyDraft),
            "replies": .list(replies.map(\.templateValue)),
            "hasReplies": .bool(!replies.isEmpty),
        ]
    }
}
