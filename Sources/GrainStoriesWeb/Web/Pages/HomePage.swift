import HTMLTemplates
import MicroHTTPServer
import ATProto
import GrainSupport
import Viewing

/// `/`: the story strip. Authors come from the AppView in its order; when Grain cannot
/// be reached the page still renders, with a notice instead of the strip (or with the
/// last good strip, marked as possibly out of date).
struct HomePage: Sendable {
    let pages: PageRenderer
    let library: any StoryLibrary
    let strip: StripPresenter
    let seen: SeenTracker
    let logger: Logger

    func respond(_ context: RequestContext) async throws -> HTTPResponse {
        var values: [String: TemplateValue] = ["notice": .null, "allSeen": false, "hasAuthors": false]
        do {
            let fetched = try await library.storyAuthors()
            let state = await seen.state(context)
            values["authors"] = strip.authors(fetched.value, seen: state)
            let live = fetched.value.filter { $0.storyCount > 0 }
            values["hasAuthors"] = .bool(!live.isEmpty)
            values["allSeen"] = .bool(!live.isEmpty && live.allSatisfy { state.hasSeenAll(author: $0.profile.did, latestAt: $0.latestAt) })
            if fetched.isStale { values["notice"] = "Grain could not be reached just now; these stories may be out of date." }
        } catch {
            logger.warning("the AppView could not be read for the strip", ["id": context.requestID, "error": error.description])
            values["authors"] = .list([])
            values["notice"] = "Grain could not be reached just now, so no stories can be shown. Please try again in a minute."
        }
        return try pages.render("home", values, for: context)
    }
}
