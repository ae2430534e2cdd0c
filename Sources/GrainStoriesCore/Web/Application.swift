import Foundation
public import MicroHTTPServer

/// The whole web application as one `HTTPResponder`: routing, the error boundary,
/// security headers and the access log, around the handlers declared in `Routes`.
public final class Application: HTTPResponder {
    let router: Router
    let errors: ErrorResponder
    let sessions: SessionStore
    let logger: Logger

    init(router: Router, errors: ErrorResponder, sessions: SessionStore, logger: Logger) {
        self.router = router
        self.errors = errors
        self.sessions = sessions
        self.logger = logger
    }

    public func respond(to request: HTTPRequest) async -> HTTPResponse {
        let started = ContinuousClock.now
        let requestID = RequestID.make()
        var response: HTTPResponse
        do {
            response = try await route(request, requestID: requestID)
        } catch {
            response = errors.response(for: error, request: request, requestID: requestID)
        }
        SecurityHeaders.apply(to: &response.headers)
        if logger.isEnabled(.info) {
            let elapsed = ContinuousClock.now - started
            let milliseconds = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000
            logger.info("request", [
                "method": request.method.rawValue, "path": request.path, "status": String(response.status.code),
                "ms": String(format: "%.2f", milliseconds), "bytes": String(response.body.count), "id": requestID,
            ])
        }
        return response
    }

    private func route(_ request: HTTPRequest, requestID: String) async throws -> HTTPResponse {
        let path = try PathSegments(rawPath: request.path)
        switch router.resolve(request.method, path) {
        case .matched(let handler, let parameters, let usesAccount):
            var context = try RequestContext(request: request, parameters: parameters, requestID: requestID)
            if usesAccount, let cookie = context.cookies[SessionStore.cookieName] {
                context.account = try await sessions.find(cookieValue: cookie)
            }
            return try await handler(context)
        case .methodNotAllowed(let allowed):
            throw HTTPError.methodNotAllowed(allowed: allowed)
        case .notFound:
            throw HTTPError.notFound
        }
    }
}
