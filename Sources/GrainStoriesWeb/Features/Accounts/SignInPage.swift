import ATProto
import Accounts
import FoundationEssentials
import GrainSupport
import HTMLTemplates
import MicroHTTPServer
import Presentation
import Viewing

/// `/signin`: handle (or DID) and an app password, plus an optional PDS address. After a
/// failed attempt the handle and PDS address stay, the field that needs fixing takes the
/// focus, and the page says plainly what is wrong (and to type the password again).
///
/// The password goes to the person's own PDS (`createSession`) and nowhere else: it is
/// never stored, logged or shown again. The browser gets a fresh random session id
/// (a new one at every sign-in, so a planted id is useless); the tokens stay here.
///
/// Signing in while signed in adds an account to this browser (a family tablet): the
/// others stay signed in and the new one becomes the current one (`SessionCookie`).
///
/// The sign-in itself (locating the account, the password, verifying the session, the
/// wrong-password limits) is `AccountSignIn`'s; this page reads the form, keeps the
/// browser's accounts and answers in HTTP. With OAuth on (`--oauth`), the page offers
/// it first (`SignInPage+OAuth`), app passwords beside it unless the mode is `only`.
struct SignInPage: Sendable {
    static let path = "/signin"

    let pages: PageRenderer
    let sessions: SessionStore
    let signIn: AccountSignIn
    let pds: AuthorizedPDS
    let logger: Logger
    let mode: OAuthMode
    /// Signing in with OAuth; nil when `mode` is off.
    let oauth: OAuthSignIn?

    func show(_ context: RequestContext) throws -> HTTPResponse {
        let reason = context.query["reason"].flatMap(SignInReason.init(rawValue:))
        let problem =
            reason == .expired
            ? "Your sign-in has ended (the app password may have been revoked). Please sign in again."
            : nil
        return try render(
            context, problem: problem, identifier: "", pds: "", next: StoryLinks.safeBack(context.query["next"]), status: .ok,
            heading: reason?.heading)
    }

    /// `/signin`, saying why when the session `expired`, and coming back to `next`.
    static func address(expired: Bool = false, next: String? = nil) -> String {
        StoryLinks.signIn(expired: expired, next: next)
    }

    func submit(_ context: RequestContext) async throws -> HTTPResponse {
        let form = try context.formFields(limit: 8 * 1024)
        try pages.csrf.verify(form[CSRFGuard.fieldName], for: context)
        guard mode.offersAppPasswords else {
            return try render(
                context, problem: "This server signs in through your account's own server only: continue below.", identifier: "",
                pds: "", next: StoryLinks.safeBack(form["next"]), status: .forbidden)
        }
        let identifier = (form["identifier"] ?? "").trimmingWhitespaceAndNewlines()
            .trimming(while: { $0 == "@" })
        let pds = (form["pds"] ?? "").trimmingWhitespaceAndNewlines()
        let next = StoryLinks.safeBack(form["next"])
        do {
            guard let password = form["password"], !password.isEmpty, !identifier.isEmpty, identifier.utf8.count <= 253, password.utf8.count <= 256 else {
                throw SignInFailure.missingFields
            }
            try Self.checkRoom(context, for: identifier)
            let session = try await signIn.signIn(
                identifier: identifier, password: Secret(password), pds: pds.isEmpty ? nil : pds, client: context.request.clientAddress
            )
            return try await signedIn(
                context, did: session.tokens.did, next: next,
                create: {
                    try await sessions.create(
                        session.tokens, pdsURL: session.pdsURL, displayName: session.displayName, hostCookie: context.isSecure)
                },
                abandon: { try? await self.pds.client(forPDS: session.pdsURL).deleteSession(session.tokens.refreshToken) })
        } catch let problem as SignInFailure {
            // The app password is deliberately not put back into the page: a password
            // in HTML can be kept by caches, the back-forward cache or "save page", and
            // read back by anything that reads the page; the page says to type it again.
            // The handle and PDS always stay, the PDS field unfolds when the message is
            // about it, and the field that needs fixing (the handle for an unknown one,
            // the PDS address, else the password) takes the focus.
            return try render(
                context, problem: problem.publicMessage, identifier: identifier, pds: pds, next: next, status: problem.status,
                showsPDS: problem.concernsPDSAddress, focus: problem.fieldToFix(identifierTyped: !identifier.isEmpty),
                passwordCleared: !(form["password"] ?? "").isEmpty, showsAppPassword: true)
        }
    }

    /// Refuses before any network call when the browser is full, unless `identifier` is
    /// one of its accounts (signing in again replaces that one).
    static func checkRoom(_ context: RequestContext, for identifier: String) throws(SignInFailure) {
        let accounts = context.signedInAccounts
        guard accounts.count < SessionCookie.maxAccounts || accounts.contains(where: { $0.isNamed(identifier) }) else {
            throw .tooManyAccounts
        }
    }

    /// Keeps the browser's other accounts and makes the new session (`create` stores it
    /// and gives its cookie value) the current one, then sends the person to `next`.
    /// Signing in again as an account this browser has replaces its session (an OAuth
    /// one is revoked); any other account stays signed in beside the new one. A browser
    /// that is full gets `.tooManyAccounts`, and `abandon` ends the unused grant.
    func signedIn(
        _ context: RequestContext, did: DID, next: String?, create: () async throws -> String, abandon: () async -> Void
    ) async throws -> HTTPResponse {
        let signedIn = context.signedInAccounts
        let replaced = signedIn.filter { $0.did == did }
        let staying = signedIn.filter { $0.did != did }
        guard staying.count < SessionCookie.maxAccounts else {
            await abandon()
            throw SignInFailure.tooManyAccounts
        }
        for old in replaced {
            if case .oauth = old.kind { await pds.endSession(old) }
            try? await sessions.delete(idHash: old.idHash)
        }
        let id = try await create()
        logger.info("signed in", ["did": did.rawValue, "id": context.requestID, "accounts": String(staying.count + 1)])
        let cookie = context.sessionCookie.keeping(idHashes: Set(staying.map(\.idHash))).choosing(id)
        var response = HTTPResponse.redirect(to: next ?? "/")
        for field in cookie.setCookies(for: context) { response.headers.add("Set-Cookie", field) }
        return response
    }

    func render(
        _ context: RequestContext, problem: String?, identifier: String, pds: String, next: String?, status: HTTPStatus,
        heading: String? = nil, showsPDS: Bool = false, focus: SignInPageModel.Field? = nil, passwordCleared: Bool = false,
        showsAppPassword: Bool = false
    ) throws -> HTTPResponse {
        let (token, setCookie) = pages.csrf.formToken(for: context)
        var page = SignInPageModel(
            adding: context.account != nil, problem: problem, identifier: identifier, pds: pds, csrfToken: token, next: next,
            heading: heading, showsPDS: showsPDS, focus: focus, passwordCleared: passwordCleared)
        page.offersOAuth = mode.offersOAuth
        page.offersAppPasswords = mode.offersAppPasswords
        page.showsAppPassword = showsAppPassword
        var response = try pages.render(page, status: status, for: context)
        if let setCookie { response.headers.add("Set-Cookie", setCookie) }
        response.headers.set("Cache-Control", "no-store")
        return response
    }
}
