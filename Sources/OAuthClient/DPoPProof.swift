package import FoundationEssentials
package import GrainSupport
package import P256

/// DPoP proofs (RFC 9449): a fresh ES256 JWT for every request to an authorization
/// server or a PDS, binding it to the session's key, its method and URL, the server's
/// latest nonce and, on resource requests, the access token (`ath`).
package enum DPoPProof {
    /// The JOSE header: `typ` and the public key itself, so the server can check the
    /// signature without any registry.
    struct Header: Encodable {
        var typ = "dpop+jwt"
        var alg = "ES256"
        var jwk: JSONWebKey
    }

    /// The claims; nil members are left out.
    struct Claims: Encodable {
        var jti: String
        var htm: String
        var htu: String
        var iat: Int
        var nonce: String?
        var ath: String?
    }

    /// A proof for `method` on `url` at `now`. `nonce` is the server's latest
    /// `DPoP-Nonce` (nil before the first one is known); `accessToken` only for resource
    /// requests, where `ath` binds the proof to it.
    package static func make(
        key: P256.PrivateKey, method: String, url: String, nonce: String?, accessToken: Secret? = nil, now: Date,
        jti: String = OAuthRandom.token(byteCount: 16)
    ) throws(OAuthError) -> String {
        let claims = Claims(
            jti: jti, htm: method.uppercased(), htu: htu(of: url), iat: Int(now.timeIntervalSince1970), nonce: nonce,
            ath: accessToken.map { ath(for: $0) })
        return try CompactJWS.sign(header: Header(jwk: JSONWebKey(key.publicKey)), claims: claims, key: key)
    }

    /// The URL as `htu` wants it: without query and fragment (RFC 9449 §4.2).
    package static func htu(of url: String) -> String {
        let end = url.firstIndex { $0 == "?" || $0 == "#" } ?? url.endIndex
        return String(url[..<end])
    }

    /// base64url(SHA-256(access token)).
    package static func ath(for accessToken: Secret) -> String {
        Base64URL.encode(SHA256.hash(Array(accessToken.revealed.utf8)))
    }
}
