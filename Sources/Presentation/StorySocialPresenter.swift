package import ATProto
package import Accounts
package import FoundationEssentials
import GrainSupport
import Posting
package import Social
package import Viewing

/// What templates show of a story's favourites and comments: the viewer's bar (heart,
/// count, latest comment, "Add a comment…") and the comments themselves, each with
/// avatar, name, relative time, text runs from checked facets (`CommentText`), and a
/// delete form on the signed-in person's own. Forms are offered only for what the
/// person's sign-in allows (`AccountAction`: an OAuth grant may allow creating comments
/// but not deleting them, or no hearts at all).
package struct StorySocialPresenter: Sendable {
    package let outbox: SocialOutbox
    package let comments: StoryComments
    package let signer: MediaURLSigner
    package let now: @Sendable () -> Date

    package static func commentsPath(_ story: StoryView) -> String {
        StoryLinks.story(story) + "/comments"
    }

    static func favoritePath(_ story: StoryView) -> String {
        StoryLinks.story(story) + "/favorite"
    }

    /// Where a heart on one of the story's comments posts (the comment in a form field).
    package static func commentFavoritePath(_ story: StoryView) -> String {
        commentsPath(story) + "/favorite"
    }

    /// A page of comments as the comments page shows them: threads one level deep
    /// (`CommentNesting`), each comment with its heart (the count from Grain, the
    /// person's own state from their repository, `SocialOutbox.hearts`) and, while the
    /// story is live and someone is signed in, a reply form.
    package func thread(_ comments: [CommentMerge.Shown], account: AccountSession?, story: StoryView, isLive: Bool) async -> [CommentModel] {
        let hearts = if let account { await outbox.hearts(account) } else { FavouriteBook.Hearts() }
        // Only what the person's sign-in allows is offered (an OAuth grant may allow less).
        let canHeart = isLive && account.map(AccountAction.heart.isAllowed(for:)) == true
        let canReply = isLive && account.map(AccountAction.comment.isAllowed(for:)) == true
        func model(_ shown: CommentMerge.Shown) -> CommentModel {
            var model = comment(shown, account: account, story: story)
            let favorited = hearts[shown.view.uri] != nil
            model.uri = shown.view.uri.rawValue
            model.favorited = favorited
            model.favCount = max(shown.view.favCount ?? 0, favorited ? 1 : 0)
            if canHeart { model.favoriteAction = Self.commentFavoritePath(story) }
            if canReply { model.replyDraft = shown.view.author.handle.map { "@\($0.rawValue) " } ?? "" }
            return model
        }
        return CommentNesting.threads(comments).map { thread in
            var top = model(thread.comment)
            top.replies = thread.replies.map(model)
            return top
        }
    }

    /// The viewer's bar, or null for a story past its day (Grain hides it too).
    package func viewerBar(_ story: StoryView, isLive: Bool, account: AccountSession?, hiddenAuthors: Set<DID> = []) async -> ViewerSocialModel? {
        guard isLive else { return nil }
        async let summary = comments.summary(subject: story.uri, viewer: account, hiddenAuthors: hiddenAuthors)
        let favorited = if let account { await outbox.isFavourite(account, story.uri) } else { false }
        let (count, latest) = await summary
        let storyPath = StoryLinks.story(story)
        // A visitor's heart leads to signing in; a signed-in person's is a form, offered
        // only when their sign-in allows hearts.
        let mayHeart = account.map(AccountAction.heart.isAllowed(for:)) ?? true
        return ViewerSocialModel(
            commentsHref: Self.commentsPath(story), favoriteAction: mayHeart ? Self.favoritePath(story) : nil, favorited: favorited,
            signInHref: StoryLinks.signIn(reason: .like, next: storyPath), commentCount: count, commentCountText: Self.countText(count),
            latest: latest.map { comment($0, account: account, story: story) }
        )
    }

    package static func countText(_ count: Int) -> String {
        count == 1 ? "1 comment" : "\(count) comments"
    }

    /// One comment as the templates draw it.
    package func comment(_ shown: CommentMerge.Shown, account: AccountSession?, story: StoryView) -> CommentModel {
        let view = shown.view
        let author = view.author
        let isOwn = account?.did == author.did && view.uri.did == author.did
        let mayDelete = account.map(AccountAction.deleteComment.isAllowed(for:)) == true
        var deleteAction: String?
        if isOwn, mayDelete, let rkey = view.uri.rkey {
            deleteAction = Self.commentsPath(story) + "/" + PercentEncoding.encodePathSegment(rkey.rawValue) + "/delete"
        }
        return CommentModel(
            name: author.name, handle: author.shownHandle, profileHref: StoryLinks.profile(did: author.did, handle: author.handle),
            avatar: AvatarPresenter.model(url: author.avatar, name: author.name, signer: signer),
            createdAt: view.createdAt.rawValue,
            time: RelativeTime.short(from: view.createdAt.date, now: now()),
            timeLong: RelativeTime.long(from: view.createdAt.date, now: now()),
            runs: CommentText.runs(view.text, facets: view.facets).map { CommentModel.Run(text: $0.text, href: $0.href) },
            deleteAction: deleteAction, state: shown.pending.flatMap(WriteProblemWords.state(of:))
        )
    }

    package init(outbox: SocialOutbox, comments: StoryComments, signer: MediaURLSigner, now: @escaping @Sendable () -> Date) {
        self.outbox = outbox
        self.comments = comments
        self.signer = signer
        self.now = now
    }
}
