import Accounts
import FoundationEssentials
import GrainSupport
package import MicroHTTPServer
import Synchronization

/// The whole web application as one `HTTPResponder`: routing, the error boundary,
/// security headers and the access log, around the handlers declared in `Routes`.
package final class Application: HTTPResponder {
    let router: Router
    let errors: ErrorResponder
    let sessions: SessionStore
    let logger: Logger
    private let immediateAnswers = Atomic<Int>(0)
    private let answers = Atomic<Int>(0)

    init(router: Router, errors: ErrorResponder, sessions: SessionStore, logger: Logger) {
        self.router = router
        self.errors = errors
        self.sessions = sessions
        self.logger = logger
    }

    package func respond(to request: HTTPRequest) async -> HTTPResponse {
        let started = ContinuousClock.now
        let requestID = RequestID.make()
        let response = await route(request, requestID: requestID)
        return finish(response, for: request, requestID: requestID, started: started)
    }

    /// Answers that are ready at once, on the server's thread: static files, the health
    /// check, cached images and a home page whose strip is cached (and their 304s). The
    /// connection is never suspended for them (the hop to a task and back costs more
    /// than the answer). Everything else returns nil and takes `respond(to:)`.
    package func respondImmediately(to request: HTTPRequest) -> HTTPResponse? {
        guard request.method == .get || request.method == .head,
            let path = try? PathSegments(rawPath: request.path),
            let (handler, parameters, usesAccount) = router.immediateHandler(request.method, path)
        else { return nil }
        let started = ContinuousClock.now
        let requestID = RequestID.make()
        let response: HTTPResponse
        do {
            let context = try RequestContext(request: request, parameters: parameters, requestID: requestID)
            // Finding the account is a database read: a page for someone signed in waits
            // in a task. A cookie naming no session (`isKnown` holds every one there is)
            // would find none, so that visitor is answered here as signed out.
            if usesAccount, sessions.isKnown(cookieValue: RequestContext.sessionCookieValue(in: request)) { return nil }
            guard let answer = try handler(context) else { return nil }
            response = answer
        } catch {
            response = errors.response(for: error, request: request, requestID: requestID)
        }
        immediateAnswers.add(1, ordering: .relaxed)
        return finish(response, for: request, requestID: requestID, started: started)
    }

    /// How many requests were answered on the server's thread (tests tell the paths
    /// apart by it, never by timing).
    package var immediateAnswerCount: Int { immediateAnswers.load(ordering: .relaxed) }

    /// How many requests were answered in all: the idle memory trimmer waits for it to
    /// stand still.
    package var answerCount: Int { answers.load(ordering: .relaxed) }

    /// Decides from the head whether the body is wanted: the route must exist, take a
    /// body of that size, and, for uploads and other account actions, come with a
    /// session cookie this server issued (for the share target: come from the browser
    /// itself or this site, `RequestInitiator`). Anything else is answered at once, so an
    /// unwanted body is never stored.
    package func admitBody(of head: HTTPRequest) -> BodyAdmission {
        let started = ContinuousClock.now
        let rule: RouteBody
        do {
            rule = try bodyRule(for: head)
        } catch {
            let requestID = RequestID.make()
            let response = errors.response(for: error, request: head, requestID: requestID)
            return .refuse(finish(response, for: head, requestID: requestID, started: started))
        }
        // A share may come signed in or not; signed in, its spool space is the account's too.
        let account =
            rule.needsAccount || rule.refusesOtherSites ? sessions.knownAccount(cookieValue: RequestContext.sessionCookieValue(in: head)) : nil
        return .accept(maxBytes: rule.maxBytes, timeLimit: rule.timeLimit, account: account)
    }

    private func bodyRule(for head: HTTPRequest) throws -> RouteBody {
        let rule: RouteBody
        switch router.resolve(head.method, try PathSegments(rawPath: head.path)) {
        case .matched(_, _, _, let body): rule = body
        case .methodNotAllowed(let allowed): throw HTTPError.methodNotAllowed(allowed: allowed)
        case .notFound: throw HTTPError.notFound
        }
        guard rule.maxBytes > 0 else { throw HTTPError(.contentTooLarge, "This address does not take a request body.") }
        if let declared = head.headers["Content-Length"].flatMap(Int.init), declared > rule.maxBytes {
            throw HTTPError.contentTooLarge(limit: rule.maxBytes)
        }
        if rule.needsAccount, !sessions.isKnown(cookieValue: RequestContext.sessionCookieValue(in: head)) {
            throw SignInRequired()
        }
        if rule.refusesOtherSites, RequestInitiator(head) == .anotherSite { throw RequestInitiator.refusal }
        return rule
    }

    /// Security headers and the access log line, for every response the app gives.
    private func finish(_ response: HTTPResponse, for request: HTTPRequest, requestID: String, started: ContinuousClock.Instant) -> HTTPResponse {
        var response = response
        SecurityHeaders.apply(to: &response)
        answers.add(1, ordering: .relaxed)
        if logger.isEnabled(.info) {
            logger.info(
                "request",
                [
                    "method": request.method.rawValue, "path": request.path, "status": String(response.status.code),
                    "ms": Self.milliseconds(ContinuousClock.now - started), "bytes": String(response.body.count), "id": requestID,
                    "client": request.clientAddress,
                ])
        }
        return response
    }

    /// `elapsed` in milliseconds with two decimals ("0.05", "1234.50"), as `%.2f` writes
    /// it but without Foundation's formatter, a quarter of an access-log line's cost.
    static func milliseconds(_ elapsed: Duration) -> String {
        let (seconds, attoseconds) = elapsed.components
        guard seconds >= 0, attoseconds >= 0, seconds < 1_000_000_000 else {
            // Negative or beyond 31 years: not a real request's time; plain Swift text.
            return String(Double(attoseconds) / 1e15 + Double(seconds) * 1000)
        }
        // Hundredths of a millisecond (10 µs), rounded half up.
        let hundredths = seconds * 100_000 + (attoseconds + 5_000_000_000_000) / 10_000_000_000_000
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    /// The handler's answer, or the error page for what it threw. An error page is drawn
    /// for the visitor as every other page is (the signed-in person's header and menu), so
    /// the accounts are looked up for an address no route matches too, when the browser
    /// holds a session cookie this server issued.
    private func route(_ request: HTTPRequest, requestID: String) async -> HTTPResponse {
        let failed = { (error: any Error, visitor: RequestContext?) in
            self.errors.response(for: error, request: request, requestID: requestID, visitor: visitor)
        }
        let path: PathSegments
        do { path = try PathSegments(rawPath: request.path) } catch { return failed(error, nil) }
        let resolved = router.resolve(request.method, path)
        let usesAccount: Bool
        let parameters: [String: String]
        switch resolved {
        case .matched(_, let captured, let uses, _): (parameters, usesAccount) = (captured, uses)
        // No handler: the accounts only for the page's header, and only for a cookie naming
        // a session there is (answered from memory), so probing addresses costs no reads.
        case .methodNotAllowed, .notFound:
            (parameters, usesAccount) = ([:], sessions.isKnown(cookieValue: Cookies.parse(request.headers["Cookie"])[SessionStore.cookieName]))
        }
        var context: RequestContext
        do { context = try RequestContext(request: request, parameters: parameters, requestID: requestID) } catch { return failed(error, nil) }
        do {
            if usesAccount, case let cookie = context.sessionCookie, !cookie.isEmpty {
                let accounts = try await sessions.accounts(in: cookie, plainName: context.sessionCookieIsPlain)
                context.account = accounts.first
                context.otherAccounts = Array(accounts.dropFirst())
            }
        } catch {
            return failed(error, context)
        }
        do {
            switch resolved {
            case .matched(let handler, _, _, _): return try await handler(context)
            case .methodNotAllowed(let allowed): throw HTTPError.methodNotAllowed(allowed: allowed)
            case .notFound: throw HTTPError.notFound
            }
        } catch {
            return failed(error, context)
        }
    }
}
