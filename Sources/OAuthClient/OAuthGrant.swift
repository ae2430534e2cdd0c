package import ATProto
package import FoundationEssentials
package import GrainSupport
package import P256

/// A signed-in OAuth session's credentials: the verified account, its authorization
/// server, the DPoP-bound tokens and the session's own DPoP key. Never printed whole:
/// `description` names only the account and the server.
package struct OAuthGrant: Sendable, CustomStringConvertible {
    package var did: DID
    package var pdsURL: String
    package var server: AuthorizationServer
    package var accessToken: Secret
    package var refreshToken: Secret?
    /// When the access token stops working (refresh a little before).
    package var expiresAt: Date
    /// What the account granted, which may be less than what was asked for.
    package var scope: OAuthScope
    package var dpopKey: P256.PrivateKey
    /// The client key (`kid`) the grant was obtained with: it refreshes and revokes the
    /// grant, and stays published while any grant names it.
    package var clientKeyID: String
    /// The grant was renewed but the account's identity could not be checked again just
    /// then (the directory did not answer): nothing is sent with it until it is.
    package var awaitsIdentityCheck = false

    package init(
        did: DID, pdsURL: String, server: AuthorizationServer, accessToken: Secret, refreshToken: Secret?, expiresAt: Date, scope: OAuthScope,
        dpopKey: P256.PrivateKey, clientKeyID: String
    ) {
        self.did = did
        self.pdsURL = pdsURL
        self.server = server
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.expiresAt = expiresAt
        self.scope = scope
        self.dpopKey = dpopKey
        self.clientKeyID = clientKeyID
    }

    package var description: String { "OAuthGrant(\(did.rawValue) via \(server.issuer))" }
}
