package import ATProto
import GrainSupport
package import HTTPFields

/// The `PDSAuthorizer` of a session made with an app password: each request carries the
/// access token as `Authorization: Bearer`. When the PDS says the token has expired it
/// refreshes the session once (one refresh per session at a time, `Refresher`), checks
/// the account's identity again as at sign-in, stores the new tokens and has the request
/// sent again; when the refresh is refused, or the new token is refused too, the session
/// is over (`.signedOut`).
///
/// Expiry is read from the whole answer: the error names `ExpiredToken` (which the
/// reference PDS sends with 400) and `InvalidToken`, a 401 whose challenge is
/// `Bearer error="invalid_token"` whatever its body says, and a 401 that names no error.
///
/// The identity check at refresh: a document that names another PDS (the account moved,
/// or never lived there) or no longer exists ends the session; while the directory
/// cannot be reached the refresh waits (`.identity`, to be retried), since signing
/// everyone out during a PLC outage would lose nothing an attacker could gain. A handle
/// that no longer checks out both ways is dropped (the account is shown by its DID)
/// rather than ending the session.
package struct AppPasswordAuthorizer: PDSAuthorizer {
    package let account: AccountSession
    let sessions: SessionStore
    let verifier: any AccountVerifying
    /// The account's PDS without credentials, for the session procedures, which carry
    /// the refresh token themselves.
    let pds: any PDSConnection
    let refresher: Refresher

    package func headers(for request: PDSRequest) async throws(PDSCallFailure) -> HTTPHeaders {
        HTTPHeaders([("Authorization", "Bearer " + (await tokens()).accessToken.revealed)])
    }

    package func decide(_ answer: XRPCAnswer, to request: PDSRequest, sent: HTTPHeaders, attempt: PDSAttempt) async -> PDSAuthorizerDecision {
        guard AppPasswordAuthorizer.isExpired(answer) else { return .accept }
        return attempt.refreshed ? .signedOut : .refreshAndRetry
    }

    package func refresh(replacing sent: HTTPHeaders) async throws(PDSCallFailure) {
        let rejected = sent["Authorization"].map { Secret(String($0.dropFirst("Bearer ".count))) }
        let account = self.account
        let sessions = self.sessions
        let verifier = self.verifier
        let pds = self.pds
        let refresher = self.refresher
        let result = await refresher.refresh(account.idHash, rejected: rejected, fallback: account.tokens) { current in
            let fresh: PDSSession
            do throws(XRPCError) {
                fresh = try await pds.refreshSession(current.refreshToken)
            } catch {
                if error.status == 400 || error.status == 401 {
                    try? await sessions.delete(idHash: account.idHash)
                    return .failure(.signedOut)
                }
                return .failure(.pds(error))
            }
            var checked = fresh
            do throws(IdentityError) {
                checked.handle = try await AppPasswordAuthorizer.verifiedHandle(of: fresh, on: account.pdsURL, verifier: verifier)
            } catch {
                if case .unreachable = error {
                    // Keep the rotated tokens: the old refresh token is spent.
                    try? await sessions.updateTokens(idHash: account.idHash, fresh)
                    await refresher.keep(account.idHash, fresh)
                    return .failure(.identity(error))
                }
                try? await sessions.delete(idHash: account.idHash)
                return .failure(.signedOut)
            }
            do {
                try await sessions.updateTokens(idHash: account.idHash, checked)
            } catch {
                return .failure(.local(error))
            }
            return .success(checked)
        }
        _ = try result.get()
    }

    /// Ends the session on the PDS (signing out). Best effort: the session is deleted
    /// here whatever the PDS says.
    package func endSession() async {
        try? await pds.deleteSession((await tokens()).refreshToken)
    }

    /// The session's tokens as they are now: a long-lived caller (the outbox) may hold
    /// an account whose tokens were rotated since.
    func tokens() async -> PDSSession {
        await refresher.latest(account.idHash) ?? account.tokens
    }

    /// The refreshed session's handle once the account is verified on `pdsURL`: nil when
    /// only the handle fails to check out (see the type's note on refresh).
    private static func verifiedHandle(of session: PDSSession, on pdsURL: String, verifier: any AccountVerifying) async throws(IdentityError) -> Handle? {
        do {
            return try await verifier.verify(did: session.did, handle: session.handle, pdsURL: pdsURL).handle
        } catch {
            guard case .handleMismatch = error else { throw error }
            return try await verifier.verify(did: session.did, handle: nil, pdsURL: pdsURL).handle
        }
    }

    /// Whether `answer` says the access token has expired (see the type's note).
    package static func isExpired(_ answer: XRPCAnswer) -> Bool {
        guard !answer.isSuccess else { return false }
        if answer.errorName == "ExpiredToken" || answer.errorName == "InvalidToken" { return true }
        guard answer.status == 401 else { return false }
        let invalidToken = answer.challenges.contains { $0.isScheme("Bearer") && $0.parameter("error") == "invalid_token" }
        return invalidToken || answer.errorName == nil
    }
}
