package import P256

/// Who this server is to authorization servers: its `client_id` (the URL of its client
/// metadata document), the one redirect URI, the scope it asks for, and the client key
/// that signs its assertions (its `kid` as published in the JWKS).
package struct OAuthClientIdentity: Sendable {
    package var clientID: String
    package var redirectURI: String
    package var scope: OAuthScope
    package var signingKey: P256.PrivateKey
    package var keyID: String

    package init(clientID: String, redirectURI: String, scope: OAuthScope, signingKey: P256.PrivateKey, keyID: String) {
        self.clientID = clientID
        self.redirectURI = redirectURI
        self.scope = scope
        self.signingKey = signingKey
        self.keyID = keyID
    }
}
