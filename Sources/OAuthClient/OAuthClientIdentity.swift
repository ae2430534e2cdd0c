package import P256

/// Who this server is to authorization servers: its `client_id` (the URL of its client
/// metadata document), the one redirect URI, the scope it asks for, and the client key
/// that signs its assertions (its `kid` as published in the JWKS). After a rotation the
/// older keys stay in `olderKeys` while sessions obtained with them remain: a session is
/// refreshed and revoked with the client key it was granted under.
package struct OAuthClientIdentity: Sendable {
    package var clientID: String
    package var redirectURI: String
    package var scope: OAuthScope
    package var signingKey: P256.PrivateKey
    package var keyID: String
    /// Earlier client keys by `kid`, still published.
    package var olderKeys: [String: P256.PrivateKey] = [:]

    package init(clientID: String, redirectURI: String, scope: OAuthScope, signingKey: P256.PrivateKey, keyID: String) {
        self.clientID = clientID
        self.redirectURI = redirectURI
        self.scope = scope
        self.signingKey = signingKey
        self.keyID = keyID
    }

    /// The key published as `kid`, nil once it is retired.
    package func signingKey(for kid: String) -> P256.PrivateKey? {
        kid == keyID ? signingKey : olderKeys[kid]
    }
}
