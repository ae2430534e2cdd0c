import Foundation
import MicroHTTPServer
import GrainSupport

/// `GET /healthz`: a tiny JSON body for Docker's HEALTHCHECK and monitoring.
struct HealthCheck: Sendable {
    let startedAt: ContinuousClock.Instant

    func respond(_ context: RequestContext) -> HTTPResponse {
        let uptime = (ContinuousClock.now - startedAt).components.seconds
        var headers = HTTPHeaders()
        headers.add("Cache-Control", "no-store")
        return HTTPResponse(
            status: .ok, contentType: "application/json",
            text: "{\"status\":\"ok\",\"version\":\"\(GrainStoriesVersion.current)\",\"uptimeSeconds\":\(uptime)}",
            headers: headers
        )
    }
}
