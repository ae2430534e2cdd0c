import FoundationEssentials
import GrainSupport
import MicroHTTPServer

/// `GET /healthz`: a tiny JSON body for Docker's HEALTHCHECK and monitoring.
///
/// The answer changes once a second (its uptime), while load balancers and monitors may
/// ask far more often; so each second's answer is made once, security headers included,
/// and prepared in the server's form (`SecurityHeaders.prepared`), then sent as it is for
/// the rest of that second. Building it, its fields and libmicrohttpd's response for every
/// request was most of this answer's cost (issue 26).
struct HealthCheck: Sendable {
    let startedAt: ContinuousClock.Instant
    private let now: @Sendable () -> ContinuousClock.Instant
    /// The answer for the latest second asked about (one entry: a new second replaces it).
    private let answers = BoundedMemo<Int64, HTTPResponse>(capacity: 1)

    init(startedAt: ContinuousClock.Instant, now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }) {
        self.startedAt = startedAt
        self.now = now
    }

    func respond(_ context: RequestContext) -> HTTPResponse {
        answers.value(for: (now() - startedAt).components.seconds) { SecurityHeaders.prepared(Self.answer(uptime: $0)) }
    }

    /// The answer for `uptime` seconds, without the security headers.
    static func answer(uptime: Int64) -> HTTPResponse {
        var headers = HTTPHeaders()
        headers.add("Cache-Control", "no-store")
        headers.add("Content-Type", "application/json")
        return HTTPResponse(status: .ok, headers: headers, body: .bytes(bodyStart + Array(String(uptime).utf8) + [UInt8(ascii: "}")]))
    }

    /// The body up to the uptime, made once.
    private static let bodyStart = Array("{\"status\":\"ok\",\"version\":\"\(GrainStoriesVersion.current)\",\"uptimeSeconds\":".utf8)
}
