import GrainSupport

/// The JSON Web Key form (RFC 7517, RFC 7518 §6.2) and its thumbprint (RFC 7638): the
/// `jwk` header of a DPoP proof, the client's published `jwks`, and DPoP's `jkt`.
extension P256.PublicKey {
    /// `{"crv":"P-256","kty":"EC","x":"…","y":"…"}`, coordinates in unpadded base64url.
    /// Exactly the required members in lexicographic order without whitespace, which is
    /// RFC 7638's canonical form, so the thumbprint hashes this very string.
    package var jwk: String {
        #"{"crv":"P-256","kty":"EC","x":"\#(Base64URL.encode(x))","y":"\#(Base64URL.encode(y))"}"#
    }

    /// The RFC 7638 thumbprint: base64url(SHA-256(canonical JWK)), DPoP's `jkt`.
    package var jwkThumbprint: String {
        Base64URL.encode(SHA256.hash(Array(jwk.utf8)))
    }
}
