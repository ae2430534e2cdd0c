import ATProto
import FoundationEssentials
import GrainSupport
import P256

/// The first half of signing in: resolve, discover, push the authorization request.
extension OAuthClient {
    /// Starts signing in `input` (a handle, a DID, or a server name such as
    /// `bsky.social` or `https://pds.example`): gives the sign-in to keep under its
    /// `state` and the authorization server's URL to send the browser to.
    package func beginAuthorization(_ input: String) async throws(OAuthError) -> (pending: PendingAuthorization, redirectURL: String) {
        let typed = input.trimmingWhitespace()
        let server: AuthorizationServer
        var expectedDID: DID?
        var loginHint: String?
        if typed.contains("://") {
            server = try await authorizationServer(forServerName: typed)
        } else {
            var account: ResolvedIdentity?
            do throws(IdentityError) {
                account = try await identity.lookUp(typed)
            } catch {
                // A name that is no handle may be a server (`bsky.social` is both).
                guard case .handleNotFound = error else { throw .identity(error) }
            }
            if let account {
                expectedDID = account.did
                loginHint = typed.hasPrefix("@") ? String(typed.dropFirst()) : typed
                server = try await authorizationServer(forPDS: account.pdsURL)
            } else {
                server = try await authorizationServer(forServerName: typed)
            }
        }
        let dpopKey: P256.PrivateKey
        do {
            dpopKey = try P256.PrivateKey.generate()
        } catch {
            throw .internalFailure("DPoP key: \(error)")
        }
        let pending = PendingAuthorization(
            state: OAuthRandom.token(), pkce: PKCE(), dpopKey: dpopKey, server: server, expectedDID: expectedDID, loginHint: loginHint,
            createdAt: now())
        let requestURI = try await pushAuthorizationRequest(pending)
        let redirect = OAuthURL.appendingQuery(server.authorizationEndpoint, [("client_id", client.clientID), ("request_uri", requestURI)])
        return (pending, redirect)
    }

    /// The PAR (RFC 9126): gives the `request_uri` the browser takes to the server.
    func pushAuthorizationRequest(_ pending: PendingAuthorization) async throws(OAuthError) -> String {
        var fields: [(String, String)] = [
            ("response_type", "code"), ("code_challenge", pending.pkce.challenge), ("code_challenge_method", pending.pkce.method),
            ("state", pending.state), ("redirect_uri", client.redirectURI), ("scope", client.scope.description),
        ]
        if let hint = pending.loginHint { fields.append(("login_hint", hint)) }
        let answer = try await post(fields, to: pending.server.parEndpoint, server: pending.server, dpopKey: pending.dpopKey, clientKeyID: client.keyID)
        guard answer.isSuccess else { throw .refused(server: pending.server.issuer, status: answer.status, error: answer.error) }
        struct PARResponse: Decodable {
            var requestURI: String
            enum CodingKeys: String, CodingKey { case requestURI = "request_uri" }
        }
        guard let parsed = try? JSONDecoder().decode(PARResponse.self, from: Data(answer.body)), !parsed.requestURI.isEmpty else {
            throw .invalidMetadata(server: pending.server.issuer, detail: "PAR answer without request_uri")
        }
        return parsed.requestURI
    }
}
