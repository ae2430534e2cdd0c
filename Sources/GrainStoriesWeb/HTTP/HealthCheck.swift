import FoundationEssentials
import GrainSupport
import MicroHTTPServer

/// `GET /healthz`: a tiny JSON body for Docker's HEALTHCHECK and monitoring.
struct HealthCheck: Sendable {
    let startedAt: ContinuousClock.Instant

    func respond(_ context: RequestContext) -> HTTPResponse {
        let uptime = (ContinuousClock.now - startedAt).components.seconds
        var headers = HTTPHeaders()
        headers.add("Cache-Control", "no-store")
        headers.add("Content-Type", "application/json")
        return HTTPResponse(status: .ok, headers: headers, body: .bytes(Self.bodyStart + Array(String(uptime).utf8) + [UInt8(ascii: "}")]))
    }

    /// The body up to the uptime, made once (monitors ask every few seconds, load
    /// balancers far more often).
    private static let bodyStart = Array("{\"status\":\"ok\",\"version\":\"\(GrainStoriesVersion.current)\",\"uptimeSeconds\":".utf8)
}
