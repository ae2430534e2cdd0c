package import ATProto
package import FoundationEssentials
package import P256

/// A sign-in between the PAR and the callback, kept on the server under its `state`:
/// the PKCE verifier and DPoP key never leave it, and the callback is checked against
/// the authorization server and account bound here.
package struct PendingAuthorization: Sendable {
    /// The `state` sent with the PAR; the callback must bring it back.
    package let state: String
    package let pkce: PKCE
    /// The session's DPoP key, made for this sign-in and kept with the session after.
    package let dpopKey: P256.PrivateKey
    package let server: AuthorizationServer
    /// The account resolved at the start; nil when the person typed a server name.
    package let expectedDID: DID?
    /// What the person typed (sent as `login_hint`).
    package let loginHint: String?
    package let createdAt: Date

    package init(
        state: String, pkce: PKCE, dpopKey: P256.PrivateKey, server: AuthorizationServer, expectedDID: DID?, loginHint: String?,
        createdAt: Date
    ) {
        self.state = state
        self.pkce = pkce
        self.dpopKey = dpopKey
        self.server = server
        self.expectedDID = expectedDID
        self.loginHint = loginHint
        self.createdAt = createdAt
    }
}
