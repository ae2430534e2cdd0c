import ATProto
import Accounts
import FoundationEssentials
import GrainSupport
import HTMLTemplates
import MicroHTTPServer
import Posting
import Presentation
import Social
import Viewing

/// `/profile/{actor}/story/{rkey}/comments`: a story's comments, oldest first, a page at
/// a time (`?cursor=`), in threads one level deep, with a form to add one (POST here;
/// with `replyTo`, a reply to that comment), a reply form and a heart on each
/// (`…/comments/favorite` with the comment's `subject`), and a delete form on one's
/// own (`…/comments/{rkey}/delete`). A typed `@handle` that resolves becomes a mention
/// facet (`MentionFacets`). Without the script this is the comments page; the
/// viewer's script shows the same section in a sheet over the story.
///
/// A comment the PDS refuses, or that does not fit the lexicon, comes back in the form
/// with the reason (422), so nothing typed is lost; one the PDS cannot take now is kept
/// by the outbox and shown with its state. Deleting addresses only the signed-in
/// person's own repository: the record key from the address is looked up there, never
/// a URI a form could name.
struct CommentsPage: Sendable {
    let pages: PageRenderer
    package let stories: StoryLookup
    let comments: StoryComments
    let outbox: SocialOutbox
    let presenter: StorySocialPresenter
    /// Whose comments the signed-in person never sees: whom they block or hid.
    let hidden: HiddenAuthors
    /// Turns a mentioned handle into its DID (nil: stays plain text).
    let identity: any IdentityResolving

    func show(_ context: RequestContext) async throws -> HTTPResponse {
        let found = try await stories.find(context)
        return try await render(found, context: context, cursor: context.query["cursor"], draft: nil, problem: nil, status: .ok)
    }

    func add(_ context: RequestContext) async throws -> HTTPResponse {
        let account = try context.requireAccount(allowedTo: .comment)
        let form = try context.formFields(limit: 16 * 1024)
        try pages.csrf.verify(form[CSRFGuard.fieldName], for: context)
        let found = try await stories.find(context)
        guard found.isLive else { throw HTTPError(.conflict, "This story has ended; it can no longer be commented on.") }
        // Browsers send line breaks in text areas as CRLF; the record keeps LF.
        let text = (form["text"] ?? "").replacing("\r\n", with: "\n")
        let write: SocialWrite
        do {
            let replyTo = try Self.replyTo(form["replyTo"])
            // Text the lexicon refuses is said before any handle is looked up.
            try CommentRecord.validate(text: text)
            let identity = self.identity
            let facets = await MentionFacets.facets(in: text) { handle in
                try? await identity.locate(identifier: handle.rawValue, pdsOverride: nil).did
            }
            write = try await outbox.comment(account, found.uri, text: text, replyTo: replyTo, facets: facets)
        } catch let invalid as RecordValidationError {
            return try await render(
                found, context: context, cursor: nil, draft: text, replyTo: form["replyTo"], problem: invalid.description, status: .unprocessableContent)
        }
        if write.status == .failed {
            let words = WriteProblemWords.stopped(write.attempts.problem, .comment)
            return try await render(
                found, context: context, cursor: nil, draft: text, replyTo: write.replyTo?.rawValue, problem: words.headline,
                problemDetails: words.details, status: .unprocessableContent)
        }
        return HTTPResponse.redirect(to: StorySocialPresenter.commentsPath(found.story) + "#comments-end")
    }

    /// `replyTo` from the form: absent or blank for a comment, else a comment's AT URI.
    static func replyTo(_ field: String?) throws(RecordValidationError) -> ATURI? {
        guard let field, field.contains(where: { !$0.isWhitespace }) else { return nil }
        guard let uri = ATURI(field.trimmingWhitespace()) else { throw RecordValidationError("A reply must answer a comment.") }
        try CommentRecord.validate(replyTo: uri)
        return uri
    }

    /// `POST …/comments/favorite` with `subject` (a comment's AT URI) and `favorite=1`
    /// (give the heart) or `0` (take it back): a `social.grain.favorite` whose subject is
    /// the comment, written to or deleted from the person's own repository through the
    /// outbox, as the story's heart is. The answer is the comments page again.
    func favorite(_ context: RequestContext) async throws -> HTTPResponse {
        let account = try context.requireAccount(allowedTo: .heart)
        let form = try context.formFields(limit: 4096)
        try pages.csrf.verify(form[CSRFGuard.fieldName], for: context)
        let found = try await stories.find(context)
        guard found.isLive else { throw HTTPError(.conflict, "This story has ended; its comments can no longer be liked.") }
        guard let subject = form["subject"].flatMap({ ATURI($0) }), subject.collection == CommentRecord.collection, subject.did != nil,
            subject.rkey != nil
        else { throw HTTPError.badRequest("Say which comment to like.") }
        let give = try FavoriteEndpoint.givesHeart(form["favorite"], what: "the comment")
        let write = try await give ? outbox.favourite(account, subject) : outbox.unfavourite(account, subject)
        if let write, write.status == .failed {
            throw HTTPError(.badGateway, WriteProblemWords.stopped(write.attempts.problem, give ? .like : .unlike).headline)
        }
        return HTTPResponse.redirect(to: StorySocialPresenter.commentsPath(found.story))
    }

    func delete(_ context: RequestContext) async throws -> HTTPResponse {
        let account = try context.requireAccount(allowedTo: .deleteComment)
        let form = try context.formFields(limit: 4096)
        try pages.csrf.verify(form[CSRFGuard.fieldName], for: context)
        let rkey = try context.parameter("comment", as: RecordKey.self)
        let found = try await stories.find(context)
        let write = try await outbox.deleteComment(account, rkey: rkey, subject: found.uri)
        if write.status == .failed {
            throw HTTPError(.badGateway, WriteProblemWords.stopped(write.attempts.problem, .commentDeletion).headline)
        }
        return HTTPResponse.redirect(to: StorySocialPresenter.commentsPath(found.story))
    }

    private func render(
        _ found: StoryLookup.Found, context: RequestContext, cursor: String?, draft: String?, replyTo: String? = nil, problem: String?,
        problemDetails: String? = nil, status: HTTPStatus
    ) async throws -> HTTPResponse {
        let story = found.story
        let account = context.account
        let hiddenAuthors = await hidden.visibility(for: account).leftOut
        let listing = await comments.listing(subject: found.uri, cursor: cursor, viewer: account, hiddenAuthors: hiddenAuthors)
        // The count leaves out the same people as the list, over the whole thread.
        let count = hiddenAuthors.isEmpty ? listing.totalCount : await comments.summary(subject: found.uri, viewer: account, hiddenAuthors: hiddenAuthors).count
        let storyPath = StoryLinks.story(story)
        let path = StorySocialPresenter.commentsPath(story)
        var page = CommentsPageModel(
            authorName: story.creator.name, storyHref: storyPath, count: count,
            comments: await presenter.thread(listing.comments, account: account, story: story, isLive: found.isLive),
            nextHref: listing.cursor.map { path + "?cursor=" + PercentEncoding.encodeComponent($0) },
            firstHref: cursor == nil ? nil : path, isPartial: listing.isPartial, canComment: found.isLive, action: path,
            draft: draft ?? "", problem: problem, maxGraphemes: CommentRecord.maxGraphemes,
            signInHref: StoryLinks.signIn(reason: .comment, next: path)
        )
        // Only a reply to a comment goes back into the form (the refusal may be of the address).
        page.draftReplyTo = (try? Self.replyTo(replyTo))?.rawValue
        page.problemDetails = problemDetails
        if let account, !AccountAction.comment.isAllowed(for: account) { page.commentNotice = AccountAction.comment.missingGrant }
        var response = try pages.render(page, status: status, for: context)
        response.headers.set("Cache-Control", "no-store")
        return response
    }
}
