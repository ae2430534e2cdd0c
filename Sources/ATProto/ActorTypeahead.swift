/// People whose handle or name starts with what was typed after an `@`, for the comment
/// composer's mention suggestions, from the actor search that Grain's own composers use:
/// `social.grain.unspecced.searchActorsTypeahead` on Grain's AppView (`q`, `limit` 1–10,
/// Grain's own profiles first, then Bluesky's), which answers anonymously. When the
/// AppView does not answer, the handle resolver's `app.bsky.actor.searchActorsTypeahead`
/// (`--handle-resolver-url`, by default `https://public.api.bsky.app`, also anonymous and
/// what the AppView itself merges in) is asked instead, so suggestions survive Grain
/// being down.
///
/// Each host's calls go through its own `CircuitBreaker`, so a service that is down costs
/// each keystroke nothing.
package struct ActorTypeahead: Sendable {
    private let appView: XRPCClient
    private let resolver: XRPCClient?
    private let timeout: Duration
    private let appViewBreaker: CircuitBreaker
    private let resolverBreaker: CircuitBreaker?
    /// Grain's lexicon allows 1–10; a composer shows a handful.
    package static let maxResults = 8

    /// The breakers are this search's own: a search that fails must not keep pages from
    /// asking the AppView for stories.
    package init(appView: XRPCClient, resolver: XRPCClient?, timeout: Duration = .seconds(3)) {
        self.appView = appView
        self.resolver = resolver
        self.timeout = timeout
        appViewBreaker = CircuitBreaker(host: appView.baseURL)
        resolverBreaker = resolver.map { CircuitBreaker(host: $0.baseURL) }
    }

    /// `{"actors": [...]}`, the shape both searches answer in.
    private struct Answer: Decodable, Sendable {
        var actors: [ProfileView]

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            actors = container.contains(.actors) ? container.decodeLossyArray(ProfileView.self, forKey: .actors) : []
        }

        private enum CodingKeys: String, CodingKey { case actors }
    }

    /// Up to `limit` (at most `maxResults`) people matching `prefix`, the AppView's answer
    /// or else the resolver's; actors without a valid handle are left out (a mention
    /// needs one). Throws only when neither answers.
    package func search(_ prefix: String, limit: Int = ActorTypeahead.maxResults) async throws(XRPCError) -> [ProfileView] {
        let parameters = [("q", prefix), ("limit", String(min(Self.maxResults, max(1, limit))))]
        let answer: Answer
        do {
            answer = try await appViewBreaker.run { () async throws(XRPCError) -> Answer in
                try await appView.query(.grainSearchActorsTypeahead, parameters, as: Answer.self, timeout: timeout)
            }
        } catch {
            guard let resolver, let resolverBreaker else { throw error }
            answer = try await resolverBreaker.run { () async throws(XRPCError) -> Answer in
                try await resolver.query(.blueskySearchActorsTypeahead, parameters, as: Answer.self, timeout: timeout)
            }
        }
        return answer.actors.filter { $0.handle != nil }
    }
}
