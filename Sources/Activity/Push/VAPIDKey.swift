import DurableFiles
package import FoundationEssentials
package import GrainSupport
package import P256

/// This server's VAPID key (RFC 8292): the P-256 key its push messages are signed with,
/// made at first start and kept in the data directory (`vapid-key.pem`, 0600, copied by
/// `backup`). Browsers subscribe with its public key, so a new key would silently end
/// every subscription: it is never replaced by the server itself.
package struct VAPIDKey: Sendable {
    package let key: P256.PrivateKey

    package init(key: P256.PrivateKey) { self.key = key }

    /// The key at `path`, or a new one written there.
    package static func loadOrCreate(at path: String) throws(ConfigurationError) -> VAPIDKey {
        if FileManager.default.fileExists(atPath: path) {
            do {
                return VAPIDKey(key: try P256.PrivateKey(pem: try String(contentsOfFile: path, encoding: .utf8)))
            } catch {
                throw ConfigurationError("the VAPID key at \(path) could not be read: \(error)")
            }
        }
        do {
            let key = try P256.PrivateKey.generate()
            try DurableFile.write(Array(try key.pkcs8PEM.utf8), to: path, permissions: 0o600)
            return VAPIDKey(key: key)
        } catch {
            throw ConfigurationError("a VAPID key could not be written to \(path): \(error)")
        }
    }

    /// The public key as browsers take it (`applicationServerKey`, the `k` parameter):
    /// base64url of the uncompressed point.
    package var publicKeyText: String { Base64URL.encode(key.publicKey.uncompressedPoint) }

    /// `Authorization: vapid t=…, k=…` for a message to `endpointOrigin`: an ES256 JWT
    /// whose audience is the push service's origin, valid for 12 hours (RFC 8292 §2 allows
    /// at most 24), naming `subject` (a mailto: or https: contact) when there is one.
    package func authorization(endpointOrigin: String, subject: String?, now: Date) throws(P256Error) -> String {
        struct Claims: Encodable {
            var aud: String
            var exp: Int
            var sub: String?
        }
        let header = Base64URL.encode(Array(#"{"typ":"JWT","alg":"ES256"}"#.utf8))
        let claims = Claims(aud: endpointOrigin, exp: Int(now.timeIntervalSince1970) + 12 * 3600, sub: subject)
        let encoded: Data
        do {
            encoded = try JSONEncoder().encode(claims)
        } catch {
            throw P256Error(operation: "VAPIDKey.authorization", reason: "the claims could not be encoded")
        }
        let signingInput = header + "." + Base64URL.encode(Array(encoded))
        let signature = try key.signature(for: Array(signingInput.utf8))
        return "vapid t=\(signingInput).\(Base64URL.encode(signature)), k=\(publicKeyText)"
    }
}
