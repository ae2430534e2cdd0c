import ATProto
import Accounts
import FoundationEssentials
import HTMLTemplates
import MicroHTTPServer
import Posting
import Presentation
import Social
import Viewing

/// `/profile/{actor}/story/{rkey}`: the full-screen viewer for one story.
///
/// A live story is shown among the author's other live stories, with hand-off to the
/// neighbouring authors in strip order: for a signed-in person the order of the strip
/// they were shown (`AccountStrip.viewerOrder`: following or everyone, without whom they
/// block or hid, unseen first, kept stable while they watch), the next person starting at
/// their first unseen story. Opened from a profile (`from=profile`) it plays only that
/// person and then closes back to the profile. A story that is no longer live (or not yet listed) is shown
/// on its own. Hide-labelled or unknown stories are a 404, and so is the story of someone
/// the signed-in person blocks or hid (`StoryVisibility`), with a page saying why and no
/// photo or preview. A signed-in person can hide the author's stories from the viewer's menu.
struct StoryViewerPage: Sendable {
    let pages: PageRenderer
    let library: any StoryLibrary
    let accountStrip: AccountStrip
    let seen: SeenTracker
    let signer: MediaURLSigner
    let origin: PublicOrigin
    /// The heart, the comment count and latest comment under the photo.
    let social: StorySocialPresenter
    /// Whose stories and comments the signed-in person never sees (`StoryVisibility`).
    let hidden: HiddenAuthors
    let now: @Sendable () -> Date

    func respond(_ context: RequestContext) async throws -> HTTPResponse {
        let rkey = try context.parameter("rkey", as: RecordKey.self)
        let did = try await ActorResolver(library: library).did(for: context.actorParameter())
        let visibility = await hidden.visibility(for: context.account)
        try visibility.requireShown(author: did)
        let stories = try await library.stories(of: did).value

        var input: ViewerPresenter.Input
        if let index = stories.firstIndex(where: { $0.rkey == rkey }) {
            let state = await seen.state(context)
            let order: [DID]
            if context.isOnePerson {
                order = [did]
            } else if let account = context.account {
                order = await accountStrip.viewerOrder(for: account, seen: state)
            } else {
                // A visitor: the order their strip was shown in (unseen people first), kept
                // while they watch, or Grain's when the home page gave them none.
                let authors = (try? await library.storyAuthors().value) ?? []
                let unseenFirst = StripOrder.arrange(authors, viewer: nil, seen: state).map(\.profile.did)
                order =
                    context.cookie(HomePage.stripCookie).flatMap { accountStrip.snapshots.stableForVisitor(unseenFirst, key: $0) }
                    ?? StripOrder.arrange(authors, viewer: nil).map(\.profile.did)
            }
            let navigator = StoryNavigator(library: library, authorOrder: order, seen: state)
            let neighbors = await navigator.neighbors(author: did, stories: stories, index: index)
            input = .init(story: stories[index], stories: stories, index: index, neighbors: neighbors, back: context.back, isLive: true)
            input.onePerson = context.isOnePerson
        } else {
            guard let story = try await library.story(uri: ATURI(did, .story, rkey)), story.creator.did == did
            else { throw HTTPError(.notFound, "This story is not available. It may have been deleted.") }
            try visibility.requireShown(story: story)
            let alone = StoryNavigator.Neighbors(previous: .close, next: .close, previousAuthor: nil, nextAuthor: nil)
            input = .init(story: story, stories: [story], index: 0, neighbors: alone, back: context.back, isLive: false)
        }

        var shown = input
        // The delete link only for an author whose sign-in allows deleting.
        shown.isOwn = context.account.map { $0.did == did && AccountAction.deleteStory.isAllowed(for: $0) } ?? false
        shown.origin = origin.origin(for: context.request)
        var page = ViewerPresenter(signer: signer, now: now()).page(shown)
        page.hide = HiddenPage.hideForm(author: did, name: input.story.creator.name, signedIn: context.account, back: context.back ?? "/")
        page.social = await social.viewerBar(input.story, isLive: input.isLive, account: context.account, hiddenAuthors: visibility.leftOut)
        var response = try pages.render(page, for: context)
        if !context.isScriptFetch, let cookie = await seen.markSeen(author: did, createdAt: input.story.createdAt, context: context) {
            response.headers.add("Set-Cookie", cookie)
        }
        return response
    }
}
