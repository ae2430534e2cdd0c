import FoundationEssentials
import GrainSupport
package import P256

/// JWS compact serialization (RFC 7515 §7.1) signed with ES256: what DPoP proofs and
/// client assertions are. `header.payload.signature`, each part unpadded base64url.
package enum CompactJWS {
    /// Signs `header` and `claims` (encoded as JSON with sorted keys) with `key`.
    package static func sign(header: some Encodable, claims: some Encodable, key: P256.PrivateKey) throws(OAuthError) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let headerBytes: Data
        let claimBytes: Data
        do {
            headerBytes = try encoder.encode(header)
            claimBytes = try encoder.encode(claims)
        } catch {
            throw .internalFailure("encoding a JWT: \(error)")
        }
        let signingInput = Base64URL.encode(headerBytes) + "." + Base64URL.encode(claimBytes)
        do {
            let signature = try key.signature(for: Array(signingInput.utf8))
            return signingInput + "." + Base64URL.encode(signature)
        } catch {
            throw .internalFailure("signing a JWT: \(error)")
        }
    }
}
