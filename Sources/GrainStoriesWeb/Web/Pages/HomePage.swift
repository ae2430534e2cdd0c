import MicroHTTPServer
import ATProto
import GrainSupport
import Viewing

/// `/`: the story strip. Authors come from the AppView in its order; when Grain cannot
/// be reached the page still renders, with a notice instead of the strip (or with the
/// last good strip, marked as possibly out of date). Pages are rendered once per strip
/// and filled per visitor (`HomePageCache`); while the strip, or Grain's failure, is
/// remembered, a visitor who is not signed in is answered on the server's thread
/// (`respondImmediately`).
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
            content = unavailable(error, context)
        }
        return try cache.response(for: content, seen: state, request: context)
    }

    /// The page when the strip (or Grain's failure) needs no waiting for and the seen
    /// state is all in the cookie (nobody signed in); nil otherwise, and `respond` answers.
    func respondImmediately(_ context: RequestContext) throws -> HTTPResponse? {
        guard context.account == nil, let cached = library.cachedStoryAuthors() else { return nil }
        switch cached {
        case .success(let fetched):
            return try cache.response(for: Self.content(fetched), seen: seen.browserState(context), request: context)
        case .failure(let error):
            return try cache.response(for: unavailable(error, context), seen: SeenState(), request: context)
        }
    }

    private static func content(_ fetched: Fetched<[StoryAuthor]>) -> StripContent {
        StripContent(authors: fetched.value, notice: fetched.isStale ? "Grain could not be reached just now; these stories may be out of date." : nil)
    }

    /// Logs the failure and gives the page's notice instead of a strip.
    private func unavailable(_ error: StoryLibraryError, _ context: RequestContext) -> StripContent {
        logger.warning("the AppView could not be read for the strip", ["id": context.requestID, "error": error.description])
        return StripContent(authors: [], notice: "Grain could not be reached just now, so no stories can be shown. Please try again in a minute.")
    }
}
