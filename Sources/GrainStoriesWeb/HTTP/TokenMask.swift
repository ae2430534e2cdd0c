import GrainSupport

/// A form token as a page carries it: `mask || (token XOR mask)` in unpadded base64url,
/// with a fresh random mask every time a page goes out (`PageDelivery`).
///
/// Why: a compressed page that carries a secret and also reflects text an attacker
/// chooses leaks the secret through its compressed length (BREACH). Masked afresh for
/// every answer, the token's bytes differ each time, so there is nothing stable for the
/// compressor to match the attacker's guesses against, and signed-in pages can be sent
/// compressed. `CSRFGuard.verify` unmasks what a form sends back.
package enum TokenMask {
    /// The longest token masked (bytes): a form token is 32 (an HMAC-SHA256).
    static let maxTokenBytes = 64

    /// `token` (unpadded base64url) masked with fresh random bytes; nil when it is not
    /// base64url of 1 to `maxTokenBytes` bytes.
    package static func mask(_ token: String) -> String? {
        guard let raw = raw(token) else { return nil }
        var generator = SystemRandomNumberGenerator()
        var mask: [UInt8] = []
        mask.reserveCapacity(raw.count + 7)
        // Eight random bytes per call: one `getrandom` for each, not one per byte.
        while mask.count < raw.count { withUnsafeBytes(of: generator.next() as UInt64) { mask += $0 } }
        mask.removeLast(mask.count - raw.count)
        return Base64URL.encode(mask + zip(raw, mask).map { $0 ^ $1 })
    }

    /// Whether `mask` takes `token`.
    static func canMask(_ token: String) -> Bool { raw(token) != nil }

    private static func raw(_ token: String) -> [UInt8]? {
        guard token.utf8.count <= 4 * maxTokenBytes, let raw = Base64URL.decode(token), !raw.isEmpty, raw.count <= maxTokenBytes else { return nil }
        return raw
    }

    /// The token's bytes inside `masked`; nil for anything that is not a masked token
    /// (wrong alphabet, odd length, empty). Unmasking a tampered value gives other
    /// bytes, which the caller's comparison refuses like any wrong token.
    package static func unmask(_ masked: String) -> [UInt8]? {
        guard masked.utf8.count <= 4 * maxTokenBytes, let bytes = Base64URL.decode(masked), bytes.count >= 2, bytes.count % 2 == 0 else {
            return nil
        }
        let half = bytes.count / 2
        return (0..<half).map { bytes[$0] ^ bytes[half + $0] }
    }
}
