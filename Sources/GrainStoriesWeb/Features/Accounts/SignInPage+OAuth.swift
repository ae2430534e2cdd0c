import ATProto
import Accounts
import FoundationEssentials
import GrainSupport
import MicroHTTPServer
import OAuthClient
import Posting
import Presentation
import Viewing

/// Signing in with OAuth: `POST /signin/oauth` sends the browser on to the account's
/// authorization server (`OAuthContinuePageModel` says why by a page, not a redirect);
/// `GET /oauth/callback` is where it comes back.
///
/// The browser that starts a sign-in gets a random `oauth` cookie (HttpOnly,
/// SameSite=Lax, so it comes along on the authorization server's redirect back, ten
/// minutes; `__Host-oauth` over https, which no other host can set); the sign-in is
/// bound to an HMAC of its value together with what already ties the browser to this
/// server, its session or its form cookie (`CSRFGuard.signInBinding`), and a callback
/// that does not bring both is refused. So a callback link someone else made (their
/// code, their account) cannot sign this browser in as them, not even with their own
/// `oauth` cookie planted beside it.
extension SignInPage {
    static let oauthPath = "/signin/oauth"
    static let flowCookie = "oauth"

    func startOAuth(_ context: RequestContext) async throws -> HTTPResponse {
        guard let oauth else { throw HTTPError.notFound }
        let form = try context.formFields(limit: 8 * 1024)
        try pages.csrf.verify(form[CSRFGuard.fieldName], for: context)
        let identifier = (form["identifier"] ?? "").trimmingWhitespaceAndNewlines()
            .trimming(while: { $0 == "@" })
        let next = StoryLinks.safeBack(form["next"])
        var flow = context.cookie(Self.flowCookie) ?? ""
        if flow.utf8.count != 43 { flow = SessionStore.randomToken() }
        // The form's token was checked against this binding's source just above.
        guard let browser = pages.csrf.signInBinding(flow: flow, for: context) else { throw HTTPError.forbidden("Reload the page and try again.") }
        do {
            try Self.checkRoom(context, for: identifier)
            let location = try await oauth.begin(identifier, browser: browser, next: next, client: context.request.clientAddress)
            let host = URLComponents(string: location)?.host ?? "your account's server"
            var response = try pages.render(OAuthContinuePageModel(location: location, host: host), status: .ok, for: context)
            response.headers.add(
                "Set-Cookie", Cookies.setCookie(name: Self.flowCookie, value: flow, maxAgeSeconds: 600, secure: context.isSecure))
            response.headers.set("Cache-Control", "no-store")
            return response
        } catch let problem as SignInFailure {
            return try render(
                context, problem: problem.publicMessage, identifier: identifier, pds: "", next: next, status: problem.status,
                focus: problem.fieldToFix(identifierTyped: !identifier.isEmpty) == .identifier ? .identifier : nil)
        }
    }

    func completeOAuth(_ context: RequestContext) async throws -> HTTPResponse {
        guard let oauth, let sessionsOAuth = pds.oauth else { throw HTTPError.notFound }
        let callback = OAuthCallback(query: context.request.query ?? "")
        let browser = context.cookie(Self.flowCookie).flatMap { pages.csrf.signInBinding(flow: $0, for: context) } ?? ""
        do {
            let completed = try await oauth.complete(callback, browser: browser)
            let grant = completed.grant
            let tokens = PDSSession(did: grant.did, handle: completed.handle, accessToken: Secret(""), refreshToken: Secret(""))
            return try await signedIn(
                context, did: grant.did, next: completed.next,
                create: {
                    try await sessions.create(
                        tokens, pdsURL: grant.pdsURL, displayName: completed.displayName, kind: .oauth(granted: grant.scope),
                        hostCookie: context.isSecure
                    ) {
                        try await sessionsOAuth.grants.save(grant, sessionKey: $0)
                    }
                },
                abandon: { await sessionsOAuth.client.revoke(grant) })
        } catch let problem as SignInFailure {
            return try render(context, problem: problem.publicMessage, identifier: "", pds: "", next: nil, status: problem.status)
        }
    }
}
