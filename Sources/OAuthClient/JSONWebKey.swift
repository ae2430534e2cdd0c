import GrainSupport
package import P256

/// A public P-256 key as a JSON Web Key (RFC 7517): the `jwk` header of a DPoP proof
/// and an entry of the client's published JWKS. Member order is irrelevant here (the
/// thumbprint uses `P256.PublicKey.jwk`, its canonical form).
package struct JSONWebKey: Codable, Sendable, Equatable {
    package var kty = "EC"
    package var crv = "P-256"
    package var x: String
    package var y: String
    /// Only in a JWKS: which client key signed an assertion.
    package var kid: String?
    package var use: String?
    package var alg: String?

    /// The public half of `key`; `kid` (with `use: sig`, `alg: ES256`) for a JWKS entry.
    package init(_ key: P256.PublicKey, kid: String? = nil) {
        x = Base64URL.encode(key.x)
        y = Base64URL.encode(key.y)
        self.kid = kid
        if kid != nil {
            use = "sig"
            alg = "ES256"
        }
    }
}
