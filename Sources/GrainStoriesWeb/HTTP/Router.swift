package import MicroHTTPServer

/// Method + path-pattern routing. Routes are tried in the order they were added;
/// a `HEAD` request uses the `GET` route (the server drops the body).
package struct Router: Sendable {
    package typealias Handler = @Sendable (RequestContext) async throws -> HTTPResponse
    /// A handler whose answer is ready at once (static files, the health check, a cached
    /// image or page): run on the HTTP server's own thread, without suspending the
    /// connection or a task hop. It must never block or wait; it returns nil when the
    /// answer needs waiting for, and the route's async handler runs instead.
    package typealias ImmediateHandler = @Sendable (RequestContext) throws -> HTTPResponse?

    /// What a path resolved to.
    package enum Resolution: Sendable {
        /// `usesAccount` is false for routes that never look at who is signed in
        /// (static files, images), which then skip the session lookup.
        case matched(Handler, parameters: [String: String], usesAccount: Bool, body: RouteBody)
        case methodNotAllowed(allowed: [HTTPMethod])
        case notFound
    }

    /// A class so that walking the routes for every request copies one reference per
    /// route, not every field (copying the structs was most of the cost of routing).
    private final class Route: Sendable {
        let method: HTTPMethod
        let pattern: RoutePattern
        let usesAccount: Bool
        let body: RouteBody
        let handler: Handler
        let immediate: ImmediateHandler?

        init(method: HTTPMethod, pattern: RoutePattern, usesAccount: Bool, body: RouteBody, handler: @escaping Handler, immediate: ImmediateHandler? = nil) {
            self.method = method
            self.pattern = pattern
            self.usesAccount = usesAccount
            self.body = body
            self.handler = handler
            self.immediate = immediate
        }
    }

    private var routes: [Route] = []
    /// The positions in `routes` of the routes whose pattern starts with each literal
    /// segment, and of those that start with a parameter (or have no segment, "/"). A
    /// request is matched only against its first segment's routes and the parameter
    /// ones, in the order they were added: walking all thirty-odd routes cost about a
    /// seventh of the server's own work for a `/healthz` (issue 26, BENCHMARKS.md).
    private var byFirstLiteral: [String: [Int]] = [:]
    private var startingWithParameter: [Int] = []

    package init() {}

    package mutating func add(_ method: HTTPMethod, _ pattern: String, usesAccount: Bool = true, body: RouteBody = .none, _ handler: @escaping Handler) {
        append(Route(method: method, pattern: RoutePattern(pattern), usesAccount: usesAccount, body: body, handler: handler))
    }

    private mutating func append(_ route: Route) {
        if let literal = route.pattern.firstLiteral {
            byFirstLiteral[literal, default: []].append(routes.count)
        } else {
            startingWithParameter.append(routes.count)
        }
        routes.append(route)
    }

    /// Calls `body` with each route that could match `segments`, in the order the routes
    /// were added, until it returns false.
    private func forEachCandidate(for segments: [String], _ body: (Route) -> Bool) {
        let literal = segments.first.flatMap { byFirstLiteral[$0] } ?? []
        var nextLiteral = 0
        var nextParameter = 0
        while nextLiteral < literal.count || nextParameter < startingWithParameter.count {
            let index: Int
            if nextParameter == startingWithParameter.count
                || (nextLiteral < literal.count && literal[nextLiteral] < startingWithParameter[nextParameter])
            {
                index = literal[nextLiteral]
                nextLiteral += 1
            } else {
                index = startingWithParameter[nextParameter]
                nextParameter += 1
            }
            guard body(routes[index]) else { return }
        }
    }

    package mutating func get(_ pattern: String, usesAccount: Bool = true, _ handler: @escaping Handler) {
        add(.get, pattern, usesAccount: usesAccount, handler)
    }

    /// A GET route always answered on the server's thread; it never looks at who is
    /// signed in.
    package mutating func getImmediately(_ pattern: String, _ handler: @escaping @Sendable (RequestContext) throws -> HTTPResponse) {
        append(
            Route(
                method: .get, pattern: RoutePattern(pattern), usesAccount: false, body: .none, handler: { try handler($0) }, immediate: { try handler($0) }
            ))
    }

    /// A GET route tried on the server's thread first (`immediately`, which must not
    /// look up a session: the context it gets has no account) and answered by `handler`
    /// in a task whenever `immediately` returns nil.
    package mutating func get(
        _ pattern: String, usesAccount: Bool = true, immediately: @escaping ImmediateHandler, _ handler: @escaping Handler
    ) {
        append(Route(method: .get, pattern: RoutePattern(pattern), usesAccount: usesAccount, body: .none, handler: handler, immediate: immediately))
    }

    /// The immediate handler of the route `method` and `path` resolve to, with its
    /// parameters and whether the route shows who is signed in; nil when that route has
    /// none (or nothing matches).
    package func immediateHandler(_ method: HTTPMethod, _ path: PathSegments) -> (handler: ImmediateHandler, parameters: [String: String], usesAccount: Bool)? {
        let lookup = method == .head ? HTTPMethod.get : method
        var found: (handler: ImmediateHandler, parameters: [String: String], usesAccount: Bool)?
        forEachCandidate(for: path.segments) { route in
            guard route.method == lookup, let parameters = route.pattern.match(path.segments) else { return true }
            found = route.immediate.map { ($0, parameters, route.usesAccount) }
            return false
        }
        return found
    }

    /// A POST route and the body it takes.
    package mutating func post(_ pattern: String, body: RouteBody, _ handler: @escaping Handler) {
        add(.post, pattern, body: body, handler)
    }

    package func resolve(_ method: HTTPMethod, _ path: PathSegments) -> Resolution {
        let lookup = method == .head ? HTTPMethod.get : method
        var allowed: [HTTPMethod] = []
        var matched: Resolution?
        forEachCandidate(for: path.segments) { route in
            guard let parameters = route.pattern.match(path.segments) else { return true }
            if route.method == lookup {
                matched = .matched(route.handler, parameters: parameters, usesAccount: route.usesAccount, body: route.body)
                return false
            }
            if !allowed.contains(route.method) { allowed.append(route.method) }
            return true
        }
        if let matched { return matched }
        if allowed.isEmpty { return .notFound }
        if allowed.contains(.get) { allowed.append(.head) }
        return .methodNotAllowed(allowed: allowed)
    }
}
