import GrainSupport

/// Unguessable values for the protocol: `state`, PKCE verifiers and every `jti`.
///
/// `SystemRandomNumberGenerator` reads the kernel's CSPRNG (`getrandom`) on Linux, the
/// same source OpenSSL seeds from, so no second random source is needed here.
package enum OAuthRandom {
    /// `byteCount` random bytes as unpadded base64url (32 bytes give 43 characters).
    package static func token(byteCount: Int = 32) -> String {
        var generator = SystemRandomNumberGenerator()
        return Base64URL.encode((0..<byteCount).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }
}
