package import HTMLTemplates

/// The viewer's bar under a live story (`viewer.html`'s `social`): the heart and its form,
/// the comment count, the latest comment and the way to all of them.
package struct ViewerSocialModel: TemplateModel, Equatable {
    package var commentsHref: String
    /// Where the heart's form posts; nil for a signed-in person whose sign-in does not
    /// allow hearts (no form is offered then).
    package var favoriteAction: String?
    /// Whether the signed-in person likes the story.
    package var favorited: Bool
    package var signInHref: String
    package var commentCount: Int
    package var commentCountText: String
    package var latest: CommentModel?

    package init(
        commentsHref: String, favoriteAction: String?, favorited: Bool, signInHref: String, commentCount: Int, commentCountText: String,
        latest: CommentModel?
    ) {
        self.commentsHref = commentsHref
        self.favoriteAction = favoriteAction
        self.favorited = favorited
        self.signInHref = signInHref
        self.commentCount = commentCount
        self.commentCountText = commentCountText
        self.latest = latest
    }

    package var templateValues: [String: TemplateValue] {
        [
            "commentsHref": .string(commentsHref),
            "favoriteAction": .optional(favoriteAction),
            "favorited": .bool(favorited),
            "favoriteValue": .string(favorited ? "0" : "1"),
            "heartLabel": .string(favorited ? "Remove your like" : "Like this story"),
            "signInHref": .string(signInHref),
            "commentCount": .int(commentCount),
            "commentCountText": .string(commentCountText),
            // No "0 comments" under every story (Grain and Instagram show nothing).
            "hasComments": .bool(commentCount > 0),
            "latest": latest?.templateValue ?? .null,
        ]
    }
}
