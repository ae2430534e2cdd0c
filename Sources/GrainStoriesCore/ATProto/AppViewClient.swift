/// Grain's AppView queries for stories and profiles, read anonymously
/// (`social.grain.unspecced.*`).
public struct AppViewClient: Sendable {
    private let xrpc: XRPCClient
    /// Pages wait at most this long for Grain before rendering with a notice.
    private let timeout: Duration

    public init(xrpc: XRPCClient, timeout: Duration = .seconds(5)) {
        self.xrpc = xrpc
        self.timeout = timeout
    }

    public func storyAuthors() async throws(XRPCError) -> [StoryAuthor] {
        try await xrpc.query("social.grain.unspecced.getStoryAuthors", as: StoryAuthorsResponse.self, timeout: timeout).authors
    }

    public func stories(actor did: String) async throws(XRPCError) -> [StoryView] {
        try await xrpc.query("social.grain.unspecced.getStories", [("actor", did)], as: StoriesResponse.self, timeout: timeout).stories
    }

    public func story(uri: String) async throws(XRPCError) -> StoryView? {
        try await xrpc.query("social.grain.unspecced.getStory", [("story", uri)], as: StoryResponse.self, timeout: timeout).story
    }

    /// nil when the AppView says the actor does not exist (HTTP 400 "Actor not found").
    public func profile(actor: String) async throws(XRPCError) -> ProfileViewDetailed? {
        do {
            return try await xrpc.query("social.grain.unspecced.getActorProfile", [("actor", actor)], as: ProfileViewDetailed.self, timeout: timeout)
        } catch {
            if case .failed(400, let name, _) = error, name?.lowercased().contains("not found") == true || name == "InvalidRequest" {
                return nil
            }
            throw error
        }
    }
}
