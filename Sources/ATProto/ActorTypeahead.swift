/// People whose handle or name starts with what was typed after an `@`, for the comment
/// composer's mention suggestions: `app.bsky.actor.searchActorsTypeahead` on the handle
/// resolver (`--handle-resolver-url`, by default `https://public.api.bsky.app`), the
/// actor search Grain's own web composer uses. It answers anonymously; Grain's AppView
/// has no actor search a server signed in with app passwords could call.
///
/// Calls go through one `CircuitBreaker` for the resolver's host, shared with nothing
/// else, so a resolver that is down costs each keystroke nothing.
package struct ActorTypeahead: Sendable {
    private let xrpc: XRPCClient
    private let timeout: Duration
    package let breaker: CircuitBreaker
    /// The lexicon allows 1–100; a composer shows a handful.
    package static let maxResults = 8

    package init(xrpc: XRPCClient, timeout: Duration = .seconds(3), breaker: CircuitBreaker? = nil) {
        self.xrpc = xrpc
        self.timeout = timeout
        self.breaker = breaker ?? CircuitBreaker(host: xrpc.baseURL)
    }

    private struct Answer: Decodable, Sendable {
        var actors: [ProfileView]

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            actors = try container.decodeRequiredLossyArray(ProfileView.self, forKey: .actors)
        }

        private enum CodingKeys: String, CodingKey { case actors }
    }

    /// Up to `limit` (at most `maxResults`) people matching `prefix`; actors without a
    /// valid handle are left out (a mention needs one).
    package func search(_ prefix: String, limit: Int = ActorTypeahead.maxResults) async throws(XRPCError) -> [ProfileView] {
        let parameters = [("q", prefix), ("limit", String(min(Self.maxResults, max(1, limit))))]
        let answer = try await breaker.run { () async throws(XRPCError) -> Answer in
            try await xrpc.query("app.bsky.actor.searchActorsTypeahead", parameters, as: Answer.self, timeout: timeout)
        }
        return answer.actors.filter { $0.handle != nil }
    }
}
