import ATProto
import FoundationEssentials
import GrainSupport
import P256

/// The token endpoint and revocation: the code exchange with its identity checks,
/// refreshing and revoking.
extension OAuthClient {
    /// Finishes the sign-in `pending` with the browser's `callback`. The caller found
    /// `pending` by the callback's `state`; it is checked again here, then `iss` must be
    /// the server the sign-in started with, and the account in the token response must
    /// be the one resolved at the start (or, from a server name, one that server hosts).
    /// Tokens for any other account are revoked at once and refused.
    package func completeAuthorization(_ pending: PendingAuthorization, callback: OAuthCallback) async throws(OAuthError) -> OAuthGrant {
        guard let state = callback.state, Self.constantTimeEqual(state, pending.state) else { throw .unknownState }
        guard callback.issuer == pending.server.issuer else {
            throw .callbackIssuerMismatch(expected: pending.server.issuer, found: callback.issuer)
        }
        if let error = callback.error { throw .authorizationDenied(error: error) }
        guard let code = callback.code, !code.isEmpty else { throw .authorizationDenied(error: "no code") }
        let fields: [(String, String)] = [
            ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", client.redirectURI),
            ("code_verifier", pending.pkce.verifier.revealed),
        ]
        let answer = try await post(fields, to: pending.server.tokenEndpoint, server: pending.server, dpopKey: pending.dpopKey, clientKeyID: client.keyID)
        guard answer.isSuccess else { throw .refused(server: pending.server.issuer, status: answer.status, error: answer.error) }
        let (response, did, scope) = try TokenResponse.checked(answer.body)
        var grant = OAuthGrant(
            did: did, pdsURL: "", server: pending.server, accessToken: Secret(response.accessToken),
            refreshToken: response.refreshToken.map(Secret.init), expiresAt: response.expiry(from: now()), scope: scope,
            dpopKey: pending.dpopKey, clientKeyID: client.keyID)
        do throws(OAuthError) {
            if let expected = pending.expectedDID, expected != did {
                throw OAuthError.subjectMismatch(expected: expected.rawValue, found: did.rawValue)
            }
            grant.pdsURL = try await verifySubject(did, isProtectedBy: pending.server.issuer).pdsURL
        } catch {
            await revoke(grant)
            throw error
        }
        return grant
    }

    /// Renews `grant` with its refresh token (used once: the caller must refresh each
    /// session one at a time and keep what this returns). The answer must name the same
    /// account; `.sessionEnded` when the server no longer accepts the refresh token.
    package func refresh(_ grant: OAuthGrant) async throws(OAuthError) -> OAuthGrant {
        guard let refreshToken = grant.refreshToken else { throw .sessionEnded }
        let fields = [("grant_type", "refresh_token"), ("refresh_token", refreshToken.revealed)]
        let answer = try await post(fields, to: grant.server.tokenEndpoint, server: grant.server, dpopKey: grant.dpopKey, clientKeyID: grant.clientKeyID)
        guard answer.isSuccess else {
            if answer.status == 400 || answer.status == 401 { throw .sessionEnded }
            throw .refused(server: grant.server.issuer, status: answer.status, error: answer.error)
        }
        let (response, did, scope) = try TokenResponse.checked(answer.body)
        guard did == grant.did else { throw .subjectMismatch(expected: grant.did.rawValue, found: did.rawValue) }
        var renewed = grant
        renewed.accessToken = Secret(response.accessToken)
        renewed.refreshToken = response.refreshToken.map(Secret.init) ?? grant.refreshToken
        renewed.expiresAt = response.expiry(from: now())
        renewed.scope = scope
        return renewed
    }

    /// Revokes the grant's tokens at its authorization server (RFC 7009), refresh token
    /// first (which ends the whole grant), then the access token. Best effort: signing
    /// out here never waits on the server's agreement.
    package func revoke(_ grant: OAuthGrant) async {
        guard let endpoint = grant.server.revocationEndpoint else { return }
        let tokens = [grant.refreshToken.map { ($0, "refresh_token") }, (grant.accessToken, "access_token")].compactMap { $0 }
        for (token, hint) in tokens {
            _ = try? await post(
                [("token", token.revealed), ("token_type_hint", hint)], to: endpoint, server: grant.server, dpopKey: grant.dpopKey,
                clientKeyID: grant.clientKeyID)
        }
    }

    /// Compares secrets without stopping at the first difference.
    static func constantTimeEqual(_ lhs: String, _ rhs: String) -> Bool {
        let a = Array(lhs.utf8)
        let b = Array(rhs.utf8)
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
