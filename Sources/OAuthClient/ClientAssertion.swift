package import FoundationEssentials
package import P256

/// `private_key_jwt` client authentication (RFC 7523, OpenID Connect Core §9): an ES256
/// JWT signed with the client's key, which the authorization server checks against the
/// JWKS in the client metadata document. Sent with every PAR, token and revocation
/// request.
package enum ClientAssertion {
    /// The form member naming the assertion's type.
    package static let type = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer"
    /// How long an assertion is valid: a short window, as the specification asks.
    package static let lifetime: TimeInterval = 60

    struct Header: Encodable {
        var alg = "ES256"
        var typ = "JWT"
        var kid: String
    }

    struct Claims: Encodable {
        var iss: String
        var sub: String
        var aud: String
        var jti: String
        var iat: Int
        var exp: Int
    }

    /// An assertion from `clientID` for the authorization server `issuer`, valid from
    /// `now` for `lifetime`.
    package static func make(
        clientID: String, issuer: String, key: P256.PrivateKey, keyID: String, now: Date,
        jti: String = OAuthRandom.token(byteCount: 16)
    ) throws(OAuthError) -> String {
        let iat = Int(now.timeIntervalSince1970)
        let claims = Claims(iss: clientID, sub: clientID, aud: issuer, jti: jti, iat: iat, exp: iat + Int(lifetime))
        return try CompactJWS.sign(header: Header(kid: keyID), claims: claims, key: key)
    }

    /// The form members that authenticate the client.
    package static func formFields(_ assertion: String) -> [(String, String)] {
        [("client_assertion_type", type), ("client_assertion", assertion)]
    }
}
