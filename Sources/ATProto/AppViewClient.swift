/// Grain's AppView queries for stories and profiles, read anonymously
/// (`social.grain.unspecced.*`).
///
/// Every call goes through one `CircuitBreaker` for the AppView's host (shared by copies
/// of the client), so while the AppView is down pages and made-up names cost it nothing.
package struct AppViewClient: Sendable {
    private let xrpc: XRPCClient
    /// Pages wait at most this long for Grain before rendering with a notice.
    private let timeout: Duration
    package let breaker: CircuitBreaker

    package init(xrpc: XRPCClient, timeout: Duration = .seconds(5), breaker: CircuitBreaker? = nil) {
        self.xrpc = xrpc
        self.timeout = timeout
        self.breaker = breaker ?? CircuitBreaker(host: xrpc.baseURL)
    }

    /// One XRPC query through the breaker.
    private func query<Value: Decodable & Sendable>(
        _ method: XRPCMethod, _ parameters: [(String, String)] = [], as type: Value.Type
    ) async throws(XRPCError) -> Value {
        try await breaker.run { () async throws(XRPCError) -> Value in
            try await xrpc.query(method, parameters, as: type, timeout: timeout)
        }
    }

    package func storyAuthors() async throws(XRPCError) -> [StoryAuthor] {
        try await query(.getStoryAuthors, as: StoryAuthorsResponse.self).authors
    }

    package func stories(actor did: DID) async throws(XRPCError) -> [StoryView] {
        try await query(.getStories, [("actor", did.rawValue)], as: StoriesResponse.self).stories
    }

    package func story(uri: ATURI) async throws(XRPCError) -> StoryView? {
        try await query(.getStory, [("story", uri.rawValue)], as: StoryResponse.self).story
    }

    /// A page of `did`'s stories of all time, newest first, expired ones included
    /// (`getStoryArchive`); the next page holds stories created before `cursor`.
    package func storyArchive(actor did: DID, limit: Int, before cursor: Datetime?) async throws(XRPCError) -> StoriesResponse {
        var parameters = [("actor", did.rawValue), ("limit", String(limit))]
        if let cursor { parameters.append(("cursor", cursor.rawValue)) }
        return try await query(.getStoryArchive, parameters, as: StoriesResponse.self)
    }

    /// A page of the comments on `subject` (a story), oldest first
    /// (`getCommentThread`); `limit` is kept within the lexicon's 1–100.
    package func commentThread(subject: ATURI, limit: Int, cursor: String?) async throws(XRPCError) -> CommentThreadPage {
        var parameters = [("subject", subject.rawValue), ("limit", String(min(100, max(1, limit))))]
        if let cursor { parameters.append(("cursor", cursor)) }
        return try await query(.getCommentThread, parameters, as: CommentThreadPage.self)
    }

    /// A page of whom `actor` follows, newest first (`getFollowing`); `limit` is kept
    /// within the lexicon's 1–100.
    package func following(actor: DID, limit: Int, cursor: String?) async throws(XRPCError) -> FollowingPage {
        var parameters = [("actor", actor.rawValue), ("limit", String(min(100, max(1, limit))))]
        if let cursor { parameters.append(("cursor", cursor)) }
        return try await query(.getFollowing, parameters, as: FollowingPage.self)
    }

    /// nil when the AppView says the actor does not exist: a 400 or 404 whose error or
    /// message says so (Grain sends `"Actor not found"`; `ProfileNotFound`,
    /// `InvalidRequest` and handles that do not resolve mean the same here). Such answers
    /// are remembered like profiles, so a made-up name is not asked for again and again.
    package func profile(actor: ATIdentifier) async throws(XRPCError) -> ProfileViewDetailed? {
        do {
            return try await query(.getActorProfile, [("actor", actor.rawValue)], as: ProfileViewDetailed.self)
        } catch {
            if AppViewClient.saysNoSuchActor(error) { return nil }
            throw error
        }
    }

    static func saysNoSuchActor(_ error: XRPCError) -> Bool {
        guard case .remote(let status, let name, let message, _) = error else { return false }
        guard status == 400 || status == 404 else { return false }
        if status == 400, name == "InvalidRequest" { return true }
        let words = ((name ?? "") + " " + (message ?? "")).lowercased().filter { $0 != " " }
        return ["notfound", "unabletoresolve", "couldnotresolve", "unknownactor", "invalidhandle"].contains { words.contains($0) }
    }
}
