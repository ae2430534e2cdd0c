package import HTMLTemplates

/// `comments.html`: a story's comments, a page at a time, and the form to add one while
/// the story is live.
package struct CommentsPageModel: PageModel, Equatable {
    package static let templateName = "comments"

    /// The story's author, for the title.
    package var authorName: String
    package var storyHref: String
    /// How many comments the story has. The sheet in the viewer (social.js) reads it to
    /// count a comment it shows before the server has answered.
    package var count: Int
    package var comments: [CommentModel]
    /// The next page, when there is one.
    package var nextHref: String?
    /// The first page, when this is a later one.
    package var firstHref: String?
    /// Whether Grain could not be reached and only this server's comments show.
    package var isPartial: Bool
    /// Whether the story is live (comments are closed after its day).
    package var canComment: Bool
    /// Set when the account's sign-in may not post comments: shown instead of the composer.
    package var commentNotice: String?
    /// Where the form posts.
    package var action: String
    /// The text of a comment that was refused, kept for another try.
    package var draft: String
    /// The comment a refused reply answered (its AT URI), kept with its text.
    package var draftReplyTo: String? = nil
    package var problem: String?
    /// The technical account of a problem the PDS had with the comment (status, error
    /// name), behind a "Details" disclosure; the problem itself is in plain words.
    package var problemDetails: String? = nil
    package var maxGraphemes: Int
    package var signInHref: String

    package init(
        authorName: String, storyHref: String, count: Int, comments: [CommentModel], nextHref: String?, firstHref: String?,
        isPartial: Bool, canComment: Bool, action: String, draft: String, problem: String?, maxGraphemes: Int, signInHref: String
    ) {
        self.authorName = authorName
        self.storyHref = storyHref
        self.count = count
        self.comments = comments
        self.nextHref = nextHref
        self.firstHref = firstHref
        self.isPartial = isPartial
        self.canComment = canComment
        self.action = action
        self.draft = draft
        self.problem = problem
        self.maxGraphemes = maxGraphemes
        self.signInHref = signInHref
    }

    package var templateValues: [String: TemplateValue] {
        [
            "title": .string("Comments on \(authorName)’s story"),
            "storyHref": .string(storyHref),
            "count": .int(count),
            "countText": .string(StorySocialPresenter.countText(count)),
            "comments": .list(comments.map(\.templateValue)),
            "isEmpty": .bool(comments.isEmpty),
            "nextHref": .optional(nextHref),
            "firstHref": .optional(firstHref),
            "isPartial": .bool(isPartial),
            "canComment": .bool(canComment),
            "commentNotice": .optional(commentNotice),
            "action": .string(action),
            "draft": .string(draft),
            "draftReplyTo": .optional(draftReplyTo),
            "problem": .optional(problem),
            "problemDetails": .optional(problemDetails),
            "maxGraphemes": .int(maxGraphemes),
            "signInHref": .string(signInHref),
        ]
    }
}
