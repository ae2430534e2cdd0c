package import Accounts
import FoundationEssentials
import GrainSupport
package import MicroHTTPServer

/// What a route handler gets: the request, the values the route pattern captured,
/// the parsed query and cookies, and an id that ties log lines to this request.
package struct RequestContext: Sendable {
    package let request: HTTPRequest
    package let parameters: [String: String]
    package let query: QueryParameters
    package let cookies: [String: String]
    package let requestID: String
    /// The signed-in account, when the browser holds a valid session cookie: of the
    /// accounts signed in on this browser, the one currently picked. Everything done
    /// "as the signed-in person" (posting, seen state, follows) is done as this one.
    package var account: AccountSession?
    /// The other accounts signed in on this browser, most recently picked first (the
    /// header offers them to switch to).
    package var otherAccounts: [AccountSession] = []

    package init(request: HTTPRequest, parameters: [String: String] = [:], requestID: String = "", account: AccountSession? = nil) throws(HTTPError) {
        self.request = request
        self.account = account
        self.parameters = parameters
        self.query = try QueryParameters(parsing: request.query)
        self.cookies = Cookies.parse(request.headers["Cookie"])
        self.requestID = requestID
    }

    /// Every account signed in on this browser, the current one first.
    package var signedInAccounts: [AccountSession] { (account.map { [$0] } ?? []) + otherAccounts }

    /// The value of this server's cookie `name` as the browser sent it: over https only
    /// the `__Host-` one, which no other host can have set (`Cookies`).
    package func cookie(_ name: String) -> String? {
        cookies[Cookies.name(name, secure: isSecure)]
    }

    /// This browser's session cookie, as sent: over https `__Host-sid`, else a plain
    /// `sid` (over http, or from before the `__Host-` names: `sessionCookieIsPlain`).
    package var sessionCookie: SessionCookie { SessionCookie(parsing: Self.sessionCookieValue(in: request)) }

    /// Whether the session cookie came under the plain name `sid`, which another host
    /// can plant: it may name only sessions issued under that name
    /// (`SessionStore.accounts(in:plainName:)`).
    package var sessionCookieIsPlain: Bool {
        !(isSecure && cookies[Cookies.name(SessionStore.cookieName, secure: true)] != nil)
    }

    /// The session cookie's value in a request (or only its head, before any context).
    package static func sessionCookieValue(in request: HTTPRequest) -> String? {
        let cookies = Cookies.parse(request.headers["Cookie"])
        if isSecure(request), let hostOnly = cookies[Cookies.name(SessionStore.cookieName, secure: true)] { return hostOnly }
        return cookies[SessionStore.cookieName]
    }

    /// A captured route parameter as text; one the route did not capture is a 404
    /// (never an empty string a handler could look up).
    package func parameter(_ name: String) throws(HTTPError) -> String {
        guard let value = parameters[name] else { throw HTTPError.notFound }
        return value
    }

    /// The body as `application/x-www-form-urlencoded` fields, refusing other types
    /// and bodies over `limit` bytes.
    package func formFields(limit: Int = 64 * 1024) throws(HTTPError) -> QueryParameters {
        let type = request.headers["Content-Type"]?.split(separator: ";").first?.trimmingWhitespace().lowercased()
        guard type == "application/x-www-form-urlencoded" else {
            throw HTTPError(.unsupportedMediaType, "This form must be sent as application/x-www-form-urlencoded.")
        }
        guard request.body.count <= limit else { throw HTTPError.contentTooLarge(limit: limit) }
        let bytes: [UInt8]
        do { bytes = try request.body.collect() } catch { throw HTTPError.badRequest("The form could not be read.") }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw HTTPError.badRequest("The form is not valid UTF-8.")
        }
        return try QueryParameters(parsing: text[...])
    }

    /// Whether the browser reached us over HTTPS, as a proxy listed in
    /// `--trusted-proxies` says: the server drops `X-Forwarded-Proto` from everyone else.
    package var isSecure: Bool { Self.isSecure(request) }

    static func isSecure(_ request: HTTPRequest) -> Bool {
        request.headers["X-Forwarded-Proto"]?.lowercased() == "https"
    }
}
