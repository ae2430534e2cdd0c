import ATProto
import MicroHTTPServer
import Viewing

/// `/stories/{actor}`: opens an author's stories at the first one this browser has not
/// seen (or the first, when all were seen) by redirecting to that story's page.
struct AuthorStoriesPage: Sendable {
    let library: any StoryLibrary
    let seen: SeenTracker
    let signer: MediaURLSigner

    func respond(_ context: RequestContext) async throws -> HTTPResponse {
        let did = try await ActorResolver(library: library).did(for: context.actorParameter())
        let stories = try await library.stories(of: did).value
        guard !stories.isEmpty else {
            return HTTPResponse.redirect(to: StoryLinks.profile(did))
        }
        let state = await seen.state(context)
        let start = stories.first { !state.hasSeen(author: did, createdAt: $0.createdAt) } ?? stories[0]
        return HTTPResponse.redirect(to: StoryLinks.story(did: did, rkey: start.rkey, back: context.back ?? "/"))
    }
}

extension AuthorStoriesPage {
    /// `/stories/{actor}/cover`: a redirect to the thumbnail of the author's newest live
    /// story, for the home page's grid; 404 when they have none (any more). Browsers may
    /// keep the redirect for a minute, about as long as the strip is cached.
    func cover(_ context: RequestContext) async throws -> HTTPResponse {
        let did = try await ActorResolver(library: library).did(for: context.actorParameter())
        guard let newest = try await library.stories(of: did).value.last, let path = signer.path(for: newest.thumb) else {
            throw HTTPError(.notFound, "This person has no story right now.")
        }
        var headers = HTTPHeaders()
        headers.add("Location", path)
        headers.add("Cache-Control", "private, max-age=60")
        return HTTPResponse(status: .found, headers: headers)
    }
}

extension HTTPResponse {
    /// A 303 to a path on this site.
    static func redirect(to path: String) -> HTTPResponse {
        var headers = HTTPHeaders()
        headers.add("Location", path)
        headers.add("Cache-Control", "no-store")
        return HTTPResponse(status: .seeOther, headers: headers)
    }
}
