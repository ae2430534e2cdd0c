package import GrainSupport

/// Proof Key for Code Exchange with `S256` (RFC 7636), the only method AT Protocol
/// OAuth allows: the challenge goes out with the PAR, the verifier with the token
/// request, so a code intercepted on the way back is useless to anyone else.
package struct PKCE: Sendable, Equatable {
    /// 43–128 characters of `[A-Za-z0-9-._~]`; never logged.
    package let verifier: Secret
    /// base64url(SHA-256(ASCII(verifier))).
    package let challenge: String
    /// Always `S256`.
    package let method = "S256"

    /// A fresh verifier of 32 random bytes (43 characters).
    package init() {
        self.init(verifierText: OAuthRandom.token())
    }

    /// The pair for a known verifier (tests use RFC 7636's appendix B example).
    package init(verifierText: String) {
        verifier = Secret(verifierText)
        challenge = PKCE.challenge(for: verifierText)
    }

    /// The S256 challenge of `verifier`.
    package static func challenge(for verifier: String) -> String {
        Base64URL.encode(SHA256.hash(Array(verifier.utf8)))
    }
}
