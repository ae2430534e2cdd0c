public import MicroHTTPServer

/// Method + path-pattern routing. Routes are tried in the order they were added;
/// a `HEAD` request uses the `GET` route (the server drops the body).
public struct Router: Sendable {
    public typealias Handler = @Sendable (RequestContext) async throws -> HTTPResponse

    /// What a path resolved to.
    public enum Resolution: Sendable {
        /// `usesAccount` is false for routes that never look at who is signed in
        /// (static files, images), which then skip the session lookup.
        case matched(Handler, parameters: [String: String], usesAccount: Bool, body: RouteBody)
        case methodNotAllowed(allowed: [HTTPMethod])
        case notFound
    }

    private struct Route: Sendable {
        let method: HTTPMethod
        let pattern: RoutePattern
        let usesAccount: Bool
        let body: RouteBody
        let handler: Handler
    }

    private var routes: [Route] = []

    public init() {}

    public mutating func add(_ method: HTTPMethod, _ pattern: String, usesAccount: Bool = true, body: RouteBody = .none, _ handler: @escaping Handler) {
        routes.append(Route(method: method, pattern: RoutePattern(pattern), usesAccount: usesAccount, body: body, handler: handler))
    }

    public mutating func get(_ pattern: String, usesAccount: Bool = true, _ handler: @escaping Handler) {
        add(.get, pattern, usesAccount: usesAccount, handler)
    }

    /// A POST route and the body it takes.
    public mutating func post(_ pattern: String, body: RouteBody, _ handler: @escaping Handler) {
        add(.post, pattern, body: body, handler)
    }

    public func resolve(_ method: HTTPMethod, _ path: PathSegments) -> Resolution {
        let lookup = method == .head ? HTTPMethod.get : method
        var allowed: [HTTPMethod] = []
        for route in routes {
            guard let parameters = route.pattern.match(path.segments) else { continue }
            if route.method == lookup { return .matched(route.handler, parameters: parameters, usesAccount: route.usesAccount, body: route.body) }
            if !allowed.contains(route.method) { allowed.append(route.method) }
        }
        if allowed.isEmpty { return .notFound }
        if allowed.contains(.get) { allowed.append(.head) }
        return .methodNotAllowed(allowed: allowed)
    }
}
