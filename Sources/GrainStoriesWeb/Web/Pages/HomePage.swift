import Foundation
import HTMLTemplates
import MicroHTTPServer
import ATProto
import GrainSupport
import Posting
import Viewing

/// `/`: the story strip, led by the signed-in person's own tile, then the people with
/// stories as a grid of their latest photos (what a desktop or a TV has room for), and
/// the person's stories that are not posted yet. Authors come from the AppView in its
/// order; when Grain cannot be reached the page still renders, with a notice instead of
/// the strip (or with the last good strip, marked as possibly out of date).
struct HomePage: Sendable {
    let pages: PageRenderer
    let library: any StoryLibrary
    let strip: StripPresenter
    let seen: SeenTracker
    let unfinished: UnfinishedPostsPresenter
    let logger: Logger
    let now: @Sendable () -> Date

    func respond(_ context: RequestContext) async throws -> HTTPResponse {
        var values: [String: TemplateValue] = ["notice": .null, "allSeen": false, "hasAuthors": false, "own": .null, "hasUnfinished": false]
        let account = context.account
        var ownStory: StoryAuthor?
        do {
            let fetched = try await library.storyAuthors()
            let state = await seen.state(context)
            var arranged = StripOrder.arrange(fetched.value, viewer: account?.did)
            if let account, arranged.first?.profile.did == account.did { ownStory = arranged.removeFirst() }
            values["authors"] = strip.authors(arranged, seen: state, now: now())
            values["hasAuthors"] = .bool(!arranged.isEmpty)
            let everyone = arranged + (ownStory.map { [$0] } ?? [])
            values["allSeen"] = .bool(!everyone.isEmpty && everyone.allSatisfy { state.hasSeenAll(author: $0.profile.did, latestAt: $0.latestAt) })
            if fetched.isStale { values["notice"] = "Grain could not be reached just now; these stories may be out of date." }
            if let account {
                values["own"] = strip.own(name: account.name, avatarURL: await avatar(of: account, in: ownStory), story: ownStory, seen: state)
            }
        } catch {
            logger.warning("the AppView could not be read for the strip", ["id": context.requestID, "error": error.description])
            values["authors"] = .list([])
            values["notice"] = "Grain could not be reached just now, so no stories can be shown. Please try again in a minute."
            if let account { values["own"] = strip.own(name: account.name, avatarURL: nil, story: nil, seen: SeenState()) }
        }
        if let account {
            let posts = await unfinished.values(for: account)
            values["unfinished"] = .list(posts)
            values["hasUnfinished"] = .bool(!posts.isEmpty)
        }
        return try pages.render("home", values, for: context)
    }

    /// The signed-in person's avatar: from their strip entry, else their Grain profile
    /// (cached like every profile); a letter when neither has one.
    private func avatar(of account: AccountSession, in story: StoryAuthor?) async -> String? {
        if let avatar = story?.profile.avatar { return avatar }
        return try? await library.profile(actor: .did(account.did)).value?.avatar
    }
}
