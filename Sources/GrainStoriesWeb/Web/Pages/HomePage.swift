import MicroHTTPServer
import ATProto
import GrainSupport
import Viewing

/// `/`: the story strip. Authors come from the AppView in its order; when Grain cannot
/// be reached the page still renders, with a notice instead of the strip (or with the
/// last good strip, marked as possibly out of date). Pages are rendered once per strip
/// and filled per visitor (`HomePageCache`); while the strip is cached, a visitor who is
/// not signed in is answered on the server's thread (`respondImmediately`).
struct HomePage: Sendable {
    let cache: HomePageCache
    let library: any StoryLibrary
    let seen: SeenTracker
    let logger: Logger

    func respond(_ context: RequestContext) async throws -> HTTPResponse {
        let content: StripContent
        var state = SeenState()
        do {
            let fetched = try await library.storyAuthors()
            state = await seen.state(context)
            content = Self.content(fetched)
        } catch {
            logger.warning("the AppView could not be read for the strip", ["id": context.requestID, "error": error.description])
            content = StripContent(authors: [], notice: "Grain could not be reached just now, so no stories can be shown. Please try again in a minute.")
        }
        return try cache.response(for: content, seen: state, request: context)
    }

    /// The page when the strip needs no waiting for and the seen state is all in the
    /// cookie (nobody signed in); nil otherwise, and `respond` answers.
    func respondImmediately(_ context: RequestContext) throws -> HTTPResponse? {
        guard context.account == nil, let fetched = library.cachedStoryAuthors() else { return nil }
        return try cache.response(for: Self.content(fetched), seen: seen.browserState(context), request: context)
    }

    private static func content(_ fetched: Fetched<[StoryAuthor]>) -> StripContent {
        StripContent(authors: fetched.value, notice: fetched.isStale ? "Grain could not be reached just now; these stories may be out of date." : nil)
    }
}
