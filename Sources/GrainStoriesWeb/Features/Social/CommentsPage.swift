import ATProto
import Foundation
import GrainSupport
import HTMLTemplates
import MicroHTTPServer
import Posting
import Presentation
import Social
import Viewing

/// `/profile/{actor}/story/{rkey}/comments`: a story's comments, oldest first, a page at
/// a time (`?cursor=`), with a form to add one (POST here) and a delete form on one's
/// own (`…/comments/{rkey}/delete`). Without the script this is the comments page; the
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

    func show(_ context: RequestContext) async throws -> HTTPResponse {
        let found = try await stories.find(context)
        return try await render(found, context: context, cursor: context.query["cursor"], draft: nil, problem: nil, status: .ok)
    }

    func add(_ context: RequestContext) async throws -> HTTPResponse {
        let account = try context.requireAccount()
        let form = try context.formFields(limit: 16 * 1024)
        try pages.csrf.verify(form[CSRFGuard.fieldName], for: context)
        let found = try await stories.find(context)
        guard found.isLive else { throw HTTPError(.conflict, "This story has ended; it can no longer be commented on.") }
        // Browsers send line breaks in text areas as CRLF; the record keeps LF.
        let text = (form["text"] ?? "").replacingOccurrences(of: "\r\n", with: "\n")
        let write: SocialWrite
        do {
            write = try await outbox.comment(account, found.uri, text: text)
        } catch let invalid as RecordValidationError {
            return try await render(found, context: context, cursor: nil, draft: text, problem: invalid.description, status: .unprocessableContent)
        }
        if write.status == .failed {
            return try await render(found, context: context, cursor: nil, draft: text, problem: write.lastError, status: .unprocessableContent)
        }
        return HTTPResponse.redirect(to: StorySocialPresenter.commentsPath(found.story) + "#comments-end")
    }

    func delete(_ context: RequestContext) async throws -> HTTPResponse {
        let account = try context.requireAccount()
        let form = try context.formFields(limit: 4096)
        try pages.csrf.verify(form[CSRFGuard.fieldName], for: context)
        let rkey = try context.parameter("comment", as: RecordKey.self)
        let found = try await stories.find(context)
        let write = try await outbox.deleteComment(account, rkey: rkey, subject: found.uri)
        if write.status == .failed {
            throw HTTPError(.badGateway, "Your comment could not be deleted: \(write.lastError ?? "")")
        }
        return HTTPResponse.redirect(to: StorySocialPresenter.commentsPath(found.story))
    }

    private func render(
        _ found: StoryLookup.Found, context: RequestContext, cursor: String?, draft: String?, problem: String?, status: HTTPStatus
    ) async throws -> HTTPResponse {
        let story = found.story
        let account = context.account
        let hiddenAuthors = await hidden.visibility(for: account).leftOut
        let listing = await comments.listing(subject: found.uri, cursor: cursor, viewer: account, hiddenAuthors: hiddenAuthors)
        // The count leaves out the same people as the list, over the whole thread.
        let count = hiddenAuthors.isEmpty ? listing.totalCount : await comments.summary(subject: found.uri, viewer: account, hiddenAuthors: hiddenAuthors).count
        let storyPath = StoryLinks.story(story)
        let path = StorySocialPresenter.commentsPath(story)
        let page = CommentsPageModel(
            authorName: story.creator.name, storyHref: storyPath, countText: StorySocialPresenter.countText(count),
            comments: listing.comments.map { presenter.comment($0, account: account, story: story) },
            nextHref: listing.cursor.map { path + "?cursor=" + PercentEncoding.encodeComponent($0) },
            firstHref: cursor == nil ? nil : path, isPartial: listing.isPartial, canComment: found.isLive, action: path,
            draft: draft ?? "", problem: problem, maxGraphemes: CommentRecord.maxGraphemes,
            signInHref: SignInPage.address(expired: false, next: path)
        )
        var response = try pages.render(page, status: status, for: context)
        response.headers.set("Cache-Control", "no-store")
        return response
    }
}
