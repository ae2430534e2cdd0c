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

/// `/`: the story strip, led by the signed-in person's own tile, then the people with
/// stories as a grid of their latest photos (what a desktop or a TV has room for), and
/// the person's stories that are not posted yet. Authors come from the AppView in its
/// order; when Grain cannot be reached the page still renders, with a notice instead of
/// the strip (or with the last good strip, marked as possibly out of date).
///
/// For visitors who are not signed in the page is the same for everyone but their seen
/// rings, so it is rendered once per strip and filled per visitor (`HomePageCache`), and
/// while the strip (or Grain's failure) is remembered it is answered on the server's
/// thread (`respondImmediately`). A signed-in person's page has their own tile and posts
/// in it and is rendered for them, with their own strip (`AccountStrip`: the people they
/// follow or everyone, without the people they block or hid, unseen first) and the switch
/// between the two (a form posting to `/strip`, `StripChoiceEndpoint`). A link to
/// `/?strip=following|everyone` changes nothing by itself: it asks first.
struct HomePage: Sendable {
    let pages: PageRenderer
    let cache: HomePageCache
    let library: any StoryLibrary
    let accountStrip: AccountStrip
    let strip: StripPresenter
    let seen: SeenTracker
    let unfinished: UnfinishedPostsPresenter
    let logger: Logger
    let now: @Sendable () -> Date
    /// The strip's failure is logged at most every 10 s, not for every page showing it.
    let stripFailures = RepeatedWarningGate()

    func respond(_ context: RequestContext) async throws -> HTTPResponse {
        let requested = try Self.requestedStrip(context)
        guard let account = context.account else {
            let content: StripContent
            var state = SeenState()
            do {
                let fetched = try await library.storyAuthors()
                state = await seen.state(context)
                content = self.content(fetched)
            } catch {
                content = unavailable(error, context)
            }
            return visitorOrder(try cache.response(for: content, seen: state, request: context), content, seen: state, context)
        }
        if let requested {
            // Only a POST changes a saved setting (a link on another site could be
            // followed by the browser); the address asks, with the form that saves it.
            return try StripChoiceEndpoint.confirmation(requested, pages: pages, context: context)
        }
        return try await signedIn(context, account: account)
    }

    /// `?strip=following|everyone`, nil without one; anything else is a 400. Someone not
    /// signed in always sees everyone, so for them a valid value changes nothing.
    static func requestedStrip(_ context: RequestContext) throws(HTTPError) -> StripChoice? {
        guard let text = context.query["strip"] else { return nil }
        guard let choice = StripChoice(rawValue: text) else {
            throw HTTPError.badRequest("?strip= can be following or everyone.")
        }
        return choice
    }

    /// The page when the strip (or Grain's failure) needs no waiting for and the seen
    /// state is all in the cookie (nobody signed in); nil otherwise, and `respond` answers.
    func respondImmediately(_ context: RequestContext) throws -> HTTPResponse? {
        guard context.account == nil, let cached = library.cachedStoryAuthors() else { return nil }
        _ = try Self.requestedStrip(context)
        switch cached {
        case .success(let fetched):
            let state = seen.browserState(context)
            let content = content(fetched)
            return visitorOrder(try cache.response(for: content, seen: state, request: context), content, seen: state, context)
        case .failure(let error):
            return try cache.response(for: unavailable(error, context), seen: SeenState(), request: context)
        }
    }

    /// A visitor shown their strip in another order than Grain's (unseen people first)
    /// gets the `strip` cookie naming that order, so the viewer moves through the people
    /// in the order they were shown (`StripSnapshots`); back in Grain's order, an old
    /// cookie is removed. A visitor who has seen nothing costs one check.
    private func visitorOrder(_ page: HTTPResponse, _ content: StripContent, seen: SeenState, _ context: RequestContext) -> HTTPResponse {
        let held = context.cookie(Self.stripCookie)
        var shown: [DID] = []
        if !seen.newestSeen.isEmpty {
            let grain = StripOrder.arrange(content.authors, viewer: nil)
            let unseenFirst = StripOrder.arrange(content.authors, viewer: nil, seen: seen)
            if !unseenFirst.elementsEqual(grain, by: { $0.profile.did == $1.profile.did }) { shown = unseenFirst.map(\.profile.did) }
        }
        guard !shown.isEmpty || held != nil else { return page }
        var response = page
        if shown.isEmpty {
            response.headers.add("Set-Cookie", Cookies.setCookie(name: Self.stripCookie, value: "", maxAgeSeconds: 0, secure: context.isSecure))
        } else {
            let key = accountStrip.snapshots.recordVisitorOrder(shown)
            if held != key {
                response.headers.add(
                    "Set-Cookie",
                    Cookies.setCookie(name: Self.stripCookie, value: key, maxAgeSeconds: Int(StripSnapshots.lifetime), secure: context.isSecure))
            }
        }
        return response
    }

    /// The cookie naming the order a visitor's strip was shown in.
    static let stripCookie = "strip"

    /// The minute is part of what the page shows (each person's "18m"), so a cached page
    /// lasts at most until the next one.
    private func content(_ fetched: Fetched<[StoryAuthor]>) -> StripContent {
        StripContent(
            authors: fetched.value, notice: fetched.isStale ? "Grain could not be reached just now; these stories may be out of date." : nil,
            minute: Self.minute(now()))
    }

    /// Logs the failure and gives the page's notice instead of a strip.
    private func unavailable(_ error: StoryLibraryError, _ context: RequestContext) -> StripContent {
        warnStripFailure(error, context)
        return StripContent(
            authors: [], notice: "Grain could not be reached just now, so no stories can be shown. Please try again in a minute.",
            minute: Self.minute(now()))
    }

    /// One warning for the first page in 10 s that could not show the strip, with how
    /// many pages since the previous warning could not either (`repeats`).
    private func warnStripFailure(_ error: any Error, _ context: RequestContext) {
        guard let repeats = stripFailures.admit() else { return }
        logger.warning(
            "the AppView could not be read for the strip", ["id": context.requestID, "error": "\(error)", "repeats": "\(repeats)"])
    }

    static func minute(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 / 60).rounded(.down)) }

    /// A signed-in person's page: their own tile first, their story not repeated in the
    /// strip, the switch between following and everyone, and their posts that have not
    /// gone out yet.
    private func signedIn(_ context: RequestContext, account: AccountSession) async throws -> HTTPResponse {
        var page = HomePageModel(
            authors: [], hasAuthors: false, allSeen: false, notice: nil, own: nil, unfinished: [], stripSwitch: nil, followingEmpty: false,
            isNewcomer: false
        )
        var ownStory: StoryAuthor?
        do {
            let state = await seen.state(context)
            page.isNewcomer = state.newestSeen.isEmpty
            let drawn = try await accountStrip.draw(for: account, seen: state)
            var arranged = drawn.selection.authors
            if arranged.first?.profile.did == account.did { ownStory = arranged.removeFirst() }
            page.authors = strip.tiles(arranged, seen: state, now: now(), stories: library.knownStories(of:))
            page.hasAuthors = !arranged.isEmpty
            page.followingEmpty = arranged.isEmpty && drawn.selection.choice == .following
            let everyone = arranged + (ownStory.map { [$0] } ?? [])
            page.allSeen = !everyone.isEmpty && everyone.allSatisfy { state.hasSeenAll(author: $0.profile.did, latestAt: $0.latestAt) }
            if drawn.isStale {
                page.notice = "Grain could not be reached just now; these stories may be out of date."
            } else if drawn.blocksUnknown {
                page.notice = "Whom you block could not be read from your server just now, so people you block may be shown. This page tries again by itself."
            } else if drawn.followsUnknown {
                page.notice = "Whom you follow could not be read from your server just now, so everyone's stories are shown."
            }
            page.stripSwitch = Self.stripSwitch(drawn.selection.choice)
            page.own = strip.own(
                name: account.name, avatarURL: await avatar(of: account, in: ownStory), story: ownStory, seen: state, stories: library.knownStories(of:))
        } catch {
            warnStripFailure(error, context)
            page.notice = "Grain could not be reached just now, so no stories can be shown. Please try again in a minute."
            page.own = strip.own(name: account.name, avatarURL: nil, story: nil, seen: SeenState())
        }
        page.unfinished = await unfinished.posts(for: account)
        return try pages.render(page, for: context)
    }

    /// The two links above the strip, the one shown marked current.
    static func stripSwitch(_ shown: StripChoice) -> StripSwitchModel {
        StripSwitchModel(
            options: [(StripChoice.following, "Following"), (.everyone, "Everyone")].map { choice, label in
                StripSwitchModel.Option(value: choice.rawValue, label: label, isCurrent: choice == shown)
            })
    }

    /// The signed-in person's avatar: from their strip entry, else their Grain profile
    /// (cached like every profile); a letter when neither has one.
    private func avatar(of account: AccountSession, in story: StoryAuthor?) async -> String? {
        if let avatar = story?.profile.avatar { return avatar }
        return try? await library.profile(actor: .did(account.did)).value?.avatar
    }
}
