import Foundation
import HTMLTemplates
import MicroHTTPServer
import ATProto
import GrainSupport
import Posting
import Viewing

/// `/signin`: handle (or DID) and an app password, plus an optional PDS address.
///
/// The password goes to the person's own PDS (`createSession`) and nowhere else: it is
/// never stored, logged or shown again. The browser gets a fresh random session id
/// (a new one at every sign-in, so a planted id is useless); the tokens stay here.
///
/// Signing in while signed in adds an account to this browser (a family tablet): the
/// others stay signed in and the new one becomes the current one (`SessionCookie`).
///
/// Wrong passwords are limited per account and client address (`AttemptLimiter`),
/// checked under the name as typed and, once resolved, under the DID, so writing a
/// handle differently gives no extra guesses; everyone else on the same network signs
/// in as usual.
struct SignInPage: Sendable {
    let pages: PageRenderer
    let sessions: SessionStore
    let identity: any IdentityResolving
    let pds: AuthorizedPDS
    /// Wrong-password limits, shared by every sign-in on this server.
    let limiter: AttemptLimiter
    let logger: Logger

    func show(_ context: RequestContext) throws -> HTTPResponse {
        let problem = context.query["reason"] == "expired"
            ? "Your sign-in has ended (the app password may have been revoked). Please sign in again."
            : nil
        return try render(context, problem: problem, identifier: "", pds: "", next: StoryLinks.safeBack(context.query["next"]), status: .ok)
    }

    /// `/signin`, saying why when the session `expired`, and coming back to `next`.
    static func address(expired: Bool = false, next: String? = nil) -> String {
        var parameters: [String] = []
        if expired { parameters.append("reason=expired") }
        if let next = StoryLinks.safeBack(next) { parameters.append("next=" + PercentEncoding.encodeComponent(next)) }
        return parameters.isEmpty ? "/signin" : "/signin?" + parameters.joined(separator: "&")
    }

    func submit(_ context: RequestContext) async throws -> HTTPResponse {
        let form = try context.formFields(limit: 8 * 1024)
        try pages.csrf.verify(form[CSRFGuard.fieldName], for: context)
        let identifier = (form["identifier"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            .trimmingCharacters(in: CharacterSet(charactersIn: "@"))
        let pds = (form["pds"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        let next = StoryLinks.safeBack(form["next"])
        do {
            guard let password = form["password"], !password.isEmpty, !identifier.isEmpty, identifier.utf8.count <= 253, password.utf8.count <= 256 else {
                throw SignInProblem.missingFields
            }
            let signedIn = context.signedInAccounts
            guard signedIn.count < SessionCookie.maxAccounts || signedIn.contains(where: { $0.isNamed(identifier) }) else {
                throw SignInProblem.tooManyAccounts
            }
            let session = try await signIn(
                identifier: identifier, password: Secret(password), pds: pds.isEmpty ? nil : pds, client: context.request.clientAddress
            )
            // Signing in again as an account this browser has replaces its session; any
            // other account stays signed in beside the new one.
            let replaced = signedIn.filter { $0.did == session.tokens.did }
            let staying = signedIn.filter { $0.did != session.tokens.did }
            guard staying.count < SessionCookie.maxAccounts else {
                try? await self.pds.client(forPDS: session.pdsURL).deleteSession(session.tokens.refreshToken)
                throw SignInProblem.tooManyAccounts
            }
            for old in replaced { try? await sessions.delete(idHash: old.idHash) }
            let id = try await sessions.create(session.tokens, pdsURL: session.pdsURL, displayName: session.displayName)
            logger.info("signed in", ["did": session.tokens.did.rawValue, "id": context.requestID, "accounts": String(staying.count + 1)])
            let cookie = context.sessionCookie.keeping(idHashes: Set(staying.map(\.idHash))).choosing(id)
            var response = HTTPResponse.redirect(to: next ?? "/")
            response.headers.add("Set-Cookie", cookie.setCookie(secure: context.isSecure))
            return response
        } catch let problem as SignInProblem {
            return try render(context, problem: problem.publicMessage, identifier: identifier, pds: pds, next: next, status: problem.status)
        }
    }

    private struct SignedIn {
        var tokens: PDSSession
        var pdsURL: String
        var displayName: String?
    }

    private func signIn(identifier: String, password: Secret, pds: String?, client address: String) async throws(SignInProblem) -> SignedIn {
        var keys = [AttemptLimiter.key(client: address, account: identifier)]
        guard await !limiter.isLimited(keys[0]) else { throw SignInProblem.tooManyAttempts }
        let located = try await identity.locate(identifier: identifier, pdsOverride: pds)
        if let did = located.did, did.rawValue.lowercased() != identifier.lowercased() {
            keys.append(AttemptLimiter.key(client: address, account: did.rawValue))
            guard await !limiter.isLimited(keys[1]) else { throw SignInProblem.tooManyAttempts }
        }
        let client = self.pds.client(forPDS: located.pdsURL)
        let tokens: PDSSession
        do {
            tokens = try await client.createSession(identifier: identifier, password: password)
        } catch {
            let problem = SignInPage.problem(for: error, pdsURL: located.pdsURL)
            if problem.status == .unauthorized {
                for key in keys { await limiter.recordFailure(key) }
            }
            throw problem
        }
        for key in keys + [AttemptLimiter.key(client: address, account: tokens.did.rawValue)] { await limiter.recordSuccess(key) }
        var verified = tokens
        do throws(SignInProblem) {
            if let expected = located.did, expected != tokens.did {
                throw SignInProblem(.badGateway, "Your PDS answered for a different account. Check the PDS address.")
            }
            verified.handle = try await verify(tokens, on: located.pdsURL)
        } catch {
            // The PDS issued a session this server will not use: end it there too.
            try? await client.deleteSession(tokens.refreshToken)
            logger.warning("sign-in refused", ["did": tokens.did.rawValue, "pds": located.pdsURL, "reason": error.publicMessage])
            throw error
        }
        // A profile record is public: read without credentials (the session is not stored yet).
        let profile = try? await client.getRecord(repo: tokens.did, collection: .blueskyProfile, rkey: .profileSelf, as: BlueskyProfileRecord.self)
        return SignedIn(tokens: verified, pdsURL: located.pdsURL, displayName: profile?.value.displayName)
    }

    /// The PDS only vouches for itself: the account's own identity must name it, and the
    /// handle it reports must be the account's (checked both ways). Returns that handle.
    private func verify(_ tokens: PDSSession, on pdsURL: String) async throws(SignInProblem) -> Handle? {
        do {
            return try await identity.verify(did: tokens.did, handle: tokens.handle, pdsURL: pdsURL).handle
        } catch {
            throw SignInProblem(error.status, error.userMessage)
        }
    }

    static func problem(for error: XRPCError, pdsURL: String) -> SignInProblem {
        let host = URL(string: pdsURL)?.host ?? pdsURL
        switch error {
        case .transport(.refusedURL): return .insecurePDS
        case .transport: return .unreachable(host)
        case .remote(let status, let name, _, _) where status == 401 || name == "AuthenticationRequired" || name == "AuthFactorTokenRequired":
            if name == "AuthFactorTokenRequired" {
                return SignInProblem(.unauthorized, "This account asks for a second sign-in factor. \(SignInProblem.appPasswordHint)")
            }
            return .wrongPassword
        case .remote(400, "InvalidRequest", _, _), .remote(400, nil, _, _):
            return .wrongPassword
        case .remote(let status, _, _, _) where status >= 500:
            return .unreachable(host)
        case .remote, .undecodable, .unencodable:
            return SignInProblem(.badGateway, "Your PDS (\(host)) gave an answer GrainStories does not understand.")
        }
    }

    private func render(
        _ context: RequestContext, problem: String?, identifier: String, pds: String, next: String?, status: HTTPStatus
    ) throws -> HTTPResponse {
        var cookieValue = context.cookies[CSRFGuard.cookieName]
        var setCookie: String?
        if context.account == nil, cookieValue?.utf8.count != 43 {
            cookieValue = SessionStore.randomToken()
            setCookie = Cookies.setCookie(name: CSRFGuard.cookieName, value: cookieValue ?? "", maxAgeSeconds: nil, secure: context.isSecure)
        }
        let token = context.account == nil
            ? pages.csrf.token(anonymousCookie: cookieValue ?? "")
            : pages.csrf.token(for: context) ?? ""
        var response = try pages.render("signin", status: status, [
            "title": context.account == nil ? "Sign in" : "Add an account",
            "adding": .bool(context.account != nil),
            "problem": problem.map(TemplateValue.string) ?? .null,
            "identifier": .string(identifier),
            "pds": pds.isEmpty ? .null : .string(pds),
            "csrfToken": .string(token),
            "next": next.map(TemplateValue.string) ?? .null,
        ], for: context)
        if let setCookie { response.headers.add("Set-Cookie", setCookie) }
        response.headers.set("Cache-Control", "no-store")
        return response
    }
}
