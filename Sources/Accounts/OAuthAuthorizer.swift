package import ATProto
package import FoundationEssentials
import GrainSupport
package import HTTPFields
package import OAuthClient
import P256

/// The `PDSAuthorizer` of a session signed in with OAuth: every request carries
/// `Authorization: DPoP <access token>` and a fresh DPoP proof signed with the session's
/// own key, with `ath` and the PDS's latest nonce for this session.
///
/// Decisions: a 401 asking for a nonce (`WWW-Authenticate: DPoP error="use_dpop_nonce"`)
/// is sent again once with the nonce the answer brought; a 401 saying the token is no
/// longer good (`invalid_token`, or `InvalidToken`/`ExpiredToken` in the body) refreshes
/// the session once and sends again; a second refusal after refreshing ends it. The
/// refresh token is used once: `Refresher` runs one refresh per session at a time, and
/// every renewed grant is stored before it is used, so a restart never holds a spent
/// token. A refresh the authorization server refuses ends the session.
///
/// Every renewal is followed by the checks of signing in (`OAuthIdentityCheck`): the
/// account must still live on the grant's PDS, protected by the grant's issuer, and its
/// handle is checked both ways. An account that moved ends the session there and then:
/// the renewed tokens are revoked, the session is removed, and neither the request that
/// asked for the renewal nor any other is sent. While the identity cannot be checked
/// the renewed grant is kept (its refresh token is the unspent one) but marked
/// (`OAuthGrant.awaitsIdentityCheck`), and nothing is sent with it until a check passes.
package struct OAuthAuthorizer: PDSAuthorizer {
    /// One refresh per session at a time (see `SingleFlightRefresher`).
    package typealias Refresher = SingleFlightRefresher<OAuthGrant>

    /// The session's key in the store (the session's id hash).
    package let sessionKey: String
    /// The grant as the caller had it; nil: read from the store when first needed (a
    /// session's grant lives in its file, and a page does not read it unless it calls
    /// the PDS).
    let initial: OAuthGrant?
    let client: OAuthClient
    let store: any OAuthGrantStore
    let refresher: Refresher
    /// Checks the account again after each renewal.
    let identityCheck: OAuthIdentityCheck
    /// Where the session's checked handle is kept (nil: the session row is not this
    /// authorizer's to update, in tests of the grant alone).
    let sessions: SessionStore?
    let now: @Sendable () -> Date

    package init(
        sessionKey: String, grant: OAuthGrant?, client: OAuthClient, store: any OAuthGrantStore, refresher: Refresher,
        identityCheck: OAuthIdentityCheck, sessions: SessionStore? = nil, now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.sessionKey = sessionKey
        initial = grant
        self.client = client
        self.store = store
        self.refresher = refresher
        self.identityCheck = identityCheck
        self.sessions = sessions
        self.now = now
    }

    package func headers(for request: PDSRequest) async throws(PDSCallFailure) -> HTTPHeaders {
        var grant = try await current()
        if grant.awaitsIdentityCheck { grant = try await checkedAgain(grant) }
        let nonce = OAuthURL.origin(request.url).flatMap { client.nonces.nonce(jkt: grant.dpopKey.publicKey.jwkThumbprint, origin: $0) }
        do {
            let proof = try DPoPProof.make(
                key: grant.dpopKey, method: request.method, url: request.url, nonce: nonce, accessToken: grant.accessToken, now: now())
            return HTTPHeaders([("Authorization", "DPoP " + grant.accessToken.revealed), ("DPoP", proof)])
        } catch {
            throw .local(error)
        }
    }

    package func decide(_ answer: XRPCAnswer, to request: PDSRequest, sent: HTTPHeaders, attempt: PDSAttempt) async -> PDSAuthorizerDecision {
        // `headers(for:)` found the grant before the request went out.
        guard let grant = try? await current() else { return .accept }
        if let nonce = answer.headers["DPoP-Nonce"], !nonce.isEmpty, let origin = OAuthURL.origin(request.url) {
            client.nonces.remember(nonce, jkt: grant.dpopKey.publicKey.jwkThumbprint, origin: origin)
        }
        guard !answer.isSuccess else { return .accept }
        if Self.asksForNonce(answer) { return attempt.retried ? .accept : .retry }
        guard Self.isExpired(answer) else { return .accept }
        return attempt.refreshed ? .signedOut : .refreshAndRetry
    }

    package func refresh(replacing sent: HTTPHeaders) async throws(PDSCallFailure) {
        let rejected = sent["Authorization"].map { Secret(String($0.dropFirst("DPoP ".count))) }
        let client = self.client
        let store = self.store
        let key = sessionKey
        let refresher = self.refresher
        let settle = settling
        let result = await refresher.refresh(key, rejected: rejected, fallback: try await current()) { current in
            let fresh: OAuthGrant
            do throws(OAuthError) {
                fresh = try await client.refresh(current)
            } catch {
                switch error {
                case .sessionEnded, .subjectMismatch:
                    try? await store.delete(sessionKey: key)
                    await refresher.forget(key)
                    return .failure(.signedOut)
                default:
                    return .failure(.local(error))
                }
            }
            return await settle(fresh)
        }
        _ = try result.get()
    }

    /// Checks the account of a grant that awaits it, one check per session at a time
    /// (through the refresher, so it never overlaps a renewal); gives the grant to send with.
    private func checkedAgain(_ grant: OAuthGrant) async throws(PDSCallFailure) -> OAuthGrant {
        let settle = settling
        return try await refresher.refresh(sessionKey, rejected: nil, fallback: grant) { current in
            guard current.awaitsIdentityCheck else { return .success(current) }
            return await settle(current)
        }.get()
    }

    /// What follows a renewal (and a check that was put off): the identity check, then
    /// the grant kept and used, kept and marked, or revoked and the session ended.
    private var settling: @Sendable (OAuthGrant) async -> Result<OAuthGrant, PDSCallFailure> {
        let client = self.client
        let store = self.store
        let key = sessionKey
        let identityCheck = self.identityCheck
        let sessions = self.sessions
        let refresher = self.refresher
        return { fresh in
            var checked = fresh
            switch await identityCheck.check(fresh) {
            case .ended:
                await client.revoke(fresh)
                try? await store.delete(sessionKey: key)
                await refresher.forget(key)
                return .failure(.signedOut)
            case .undecided(let failure):
                // Keep the renewed grant: the old refresh token is spent.
                checked.awaitsIdentityCheck = true
                do {
                    try await store.save(checked, sessionKey: key)
                } catch {
                    return .failure(.local(error))
                }
                // The newest grant even though this renewal failed, so the spent one is
                // never sent again.
                await refresher.keep(key, checked)
                return .failure(failure)
            case .verified(let handle):
                checked.awaitsIdentityCheck = false
                do {
                    try await store.save(checked, sessionKey: key)
                    try await sessions?.updateHandle(idHash: key, did: checked.did, handle)
                } catch {
                    return .failure(.local(error))
                }
                return .success(checked)
            }
        }
    }

    /// Revokes the session's tokens at its authorization server and forgets them here.
    package func endSession() async {
        if let grant = try? await current() { await client.revoke(grant) }
        try? await store.delete(sessionKey: sessionKey)
    }

    /// The newest grant: a long-lived caller (the outbox) may hold an authorizer whose
    /// grant was renewed since. Read from the store when this process has not seen the
    /// session yet; `.signedOut` when the store has no grant for it (it was signed out
    /// elsewhere, or its file removed), `.local` when the store cannot be read.
    package func current() async throws(PDSCallFailure) -> OAuthGrant {
        if let latest = await refresher.latest(sessionKey) { return latest }
        if let initial { return initial }
        let stored: OAuthGrant?
        do {
            stored = try await store.grant(sessionKey: sessionKey)
        } catch {
            throw .local(error)
        }
        guard let stored else { throw .signedOut }
        return await refresher.remember(sessionKey, stored)
    }

    /// Whether the PDS asks for (another) DPoP nonce.
    static func asksForNonce(_ answer: XRPCAnswer) -> Bool {
        answer.errorName == "use_dpop_nonce"
            || answer.challenges.contains { $0.isScheme("DPoP") && $0.parameter("error") == "use_dpop_nonce" }
    }

    /// Whether the PDS says the access token is no longer good.
    static func isExpired(_ answer: XRPCAnswer) -> Bool {
        if answer.errorName == "ExpiredToken" || answer.errorName == "InvalidToken" { return true }
        guard answer.status == 401 else { return false }
        return answer.challenges.contains { $0.isScheme("DPoP") && $0.parameter("error") == "invalid_token" } || answer.errorName == nil
    }
}
