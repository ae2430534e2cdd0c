import ATProto
import Accounts
import GrainSupport
import HTMLTemplates
import MicroHTTPServer
import Posting
import Presentation
import Viewing

/// `/profile/{did}/story/{rkey}/delete`: a confirmation page (GET) and the deletion
/// itself (POST): `com.atproto.repo.deleteRecord`, then the story is dropped from this
/// server's caches at once, and when it was posted from here its photo file and draft
/// go too, so `/local-photos/…` stops serving it. Only the story's author can do it.
///
/// The story's Bluesky crosspost goes with it (`CrosspostFinder` finds it, by the draft it
/// was posted from here, the AppView's link, or the account's own posts) when the sign-in
/// allows deleting Bluesky posts (app passwords do; an OAuth grant needs
/// `repo:app.bsky.feed.post?action=delete`, which this server asks for). The confirmation
/// says which: deleted with it, or staying with a link to delete it on Bluesky.
///
/// The confirmation shows the story's thumbnail; afterwards the author lands on their
/// next story when there is one, else where the viewer was opened from (`back`), else
/// home. When the crosspost could not be deleted, a page says so with its link first.
struct DeleteStoryPage: Sendable {
    let pages: PageRenderer
    let pds: AuthorizedPDS
    /// The pages' library (the AppView with this server's own stories), whose caches
    /// forget the author at once.
    let library: any StoryLibrary
    /// This server's own recent stories, which must stop showing the deleted one.
    let local: LocalStories
    let drafts: any DraftRepository
    let photos: DraftPhotos
    let signer: MediaURLSigner
    /// Finds the story's Bluesky crosspost, to delete with it.
    let crossposts: CrosspostFinder
    let logger: Logger

    func confirm(_ context: RequestContext, actor: ATIdentifier, rkey: RecordKey) async throws -> HTTPResponse {
        let account = try ownStory(context, actor: actor)
        let back = StoryLinks.safeBack(context.query["back"])
        let story = try? await library.story(uri: ATURI(account.did, .story, rkey))
        let crosspost: DeleteStoryPageModel.Crosspost? =
            switch await crossposts.find(story: rkey, of: account, view: story) {
            case .found(let post):
                AccountAction.deleteCrosspost.isAllowed(for: account)
                    ? .deletedWithIt : .stays(href: post.blueskyURL, reason: AccountAction.deleteCrosspost.missingGrant)
            case .unknown: .unknown
            case .none: nil
            }
        let page = DeleteStoryPageModel(
            action: context.request.path, cancelHref: StoryLinks.story(did: account.did, handle: account.handle, rkey: rkey, back: back),
            thumb: story.flatMap { signer.path(for: $0.thumb) }, back: back, crosspost: crosspost)
        var response = try pages.render(page, for: context)
        response.headers.set("Cache-Control", "no-store")
        return response
    }

    func delete(_ context: RequestContext, actor: ATIdentifier, rkey: RecordKey) async throws -> HTTPResponse {
        let account = try ownStory(context, actor: actor)
        let form = try context.formFields(limit: 4096)
        try pages.csrf.verify(form[CSRFGuard.fieldName], for: context)
        let back = StoryLinks.safeBack(form["back"])
        let next = await story(after: rkey, of: account)
        // Found before the story goes: the AppView's link to it goes with the story.
        let view = try? await library.story(uri: ATURI(account.did, .story, rkey))
        let crosspost = await crossposts.find(story: rkey, of: account, view: view)
        do {
            try await pds.perform(account) { client in
                try await client.deleteRecord(repo: account.did, collection: StoryRecord.collection, rkey: rkey)
            }
        } catch {
            switch error {
            case .signedOut: throw SignInRequired(expired: true)
            case .pds(let xrpc): throw HTTPError(.badGateway, "Your PDS did not delete the story: \(xrpc.description)")
            case .identity(let problem): throw HTTPError(.badGateway, problem.userMessage)
            case .local: throw error
            }
        }
        await local.markDeleted(uri: ATURI(account.did, .story, rkey))
        await library.invalidate(author: account.did)
        await removeLocalCopy(of: rkey, by: account)
        logger.info("story deleted", ["did": account.did.rawValue, "rkey": rkey.rawValue])
        let onward = next.map { StoryLinks.story($0, back: back) } ?? back ?? "/"
        if case .found(let post) = crosspost, AccountAction.deleteCrosspost.isAllowed(for: account), !(await deleteCrosspost(post, of: account)) {
            let page = DeleteStoryPageModel(
                action: context.request.path, cancelHref: onward, crosspost: .notDeleted(href: post.blueskyURL), continueHref: onward)
            var response = try pages.render(page, status: .badGateway, for: context)
            response.headers.set("Cache-Control", "no-store")
            return response
        }
        return HTTPResponse.redirect(to: onward)
    }

    /// Deletes the story's crosspost; false (logged) when the PDS did not.
    private func deleteCrosspost(_ post: CrosspostFinder.Post, of account: AccountSession) async -> Bool {
        do {
            try await pds.perform(account) { client in
                try await client.deleteRecord(repo: account.did, collection: FeedPostRecord.collection, rkey: post.rkey)
            }
            logger.info("crosspost deleted with its story", ["did": account.did.rawValue, "uri": post.uri.rawValue])
            return true
        } catch {
            logger.warning("a story's crosspost could not be deleted", ["uri": post.uri.rawValue, "error": String(describing: error)])
            return false
        }
    }

    /// The author's live story after `rkey` (in the order the viewer plays them), read
    /// before deleting; nil when it was the last or the list cannot be read.
    private func story(after rkey: RecordKey, of account: AccountSession) async -> StoryView? {
        guard let stories = try? await library.stories(of: account.did).value,
            let index = stories.firstIndex(where: { $0.rkey == rkey }), index + 1 < stories.count
        else { return nil }
        return stories[index + 1]
    }

    /// Deletes the photo and draft a story posted from here left behind (a draft still
    /// being published is left to the publisher and the housekeeper).
    private func removeLocalCopy(of rkey: RecordKey, by account: AccountSession) async {
        let found: Draft?
        do { found = try await drafts.find(did: account.did, storyRKey: rkey) } catch {
            // The housekeeper removes the photo once the draft ages out.
            logger.warning("the deleted story's draft could not be looked up", ["rkey": rkey.rawValue, "error": String(describing: error)])
            return
        }
        guard let draft = found, draft.state != .publishing else { return }
        await photos.remove(of: draft.id)
        do {
            try await drafts.delete(draft.id)
        } catch {
            logger.warning("the deleted story's draft could not be removed", ["draft": draft.id.rawValue, "error": String(describing: error)])
        }
    }

    /// The signed-in account when it is `actor`, the story's author, or an error.
    private func ownStory(_ context: RequestContext, actor: ATIdentifier) throws -> AccountSession {
        let account = try context.requireAccount(allowedTo: .deleteStory)
        guard actor == .did(account.did) || (account.handle != nil && actor == account.handle.map(ATIdentifier.handle)) else {
            throw HTTPError.forbidden("Only the author can delete a story.")
        }
        return account
    }
}
