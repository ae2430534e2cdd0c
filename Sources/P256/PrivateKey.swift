internal import COpenSSL

extension P256 {
    /// A P-256 private key held inside OpenSSL: a DPoP key of one session, or the OAuth
    /// client's signing key.
    ///
    /// The scalar never enters Swift memory except through `pkcs8DER`, which the caller
    /// asks for only to persist it. `description`, `debugDescription` and the mirror show
    /// the public key's thumbprint and nothing else, so a key that reaches a log or a test
    /// failure message gives nothing away.
    ///
    /// `@unchecked Sendable` because the only mutable state is OpenSSL's `EVP_PKEY`, which
    /// this class never changes after `init`, and OpenSSL 3 documents (openssl-threads(7))
    /// that an `EVP_PKEY` may be used concurrently by several threads for read-only
    /// operations such as signing and encoding.
    package final class PrivateKey: @unchecked Sendable {
        /// The owned `EVP_PKEY *`, freed in `deinit`.
        let key: OpaquePointer
        /// Derived once, so JWKs and thumbprints never touch OpenSSL again.
        package let publicKey: PublicKey

        /// Takes ownership of `key` (freeing it if this throws) and reads its public point.
        init(taking key: OpaquePointer) throws(P256Error) {
            do throws(P256Error) {
                let point = try EVPKey.coordinates(of: key)
                publicKey = PublicKey(checkedX: point.x, y: point.y)
            } catch {
                EVP_PKEY_free(key)
                throw error
            }
            self.key = key
        }

        deinit { EVP_PKEY_free(key) }

        /// A fresh key pair from OpenSSL's default random source (seeded by the kernel).
        package static func generate() throws(P256Error) -> PrivateKey {
            ERR_clear_error()
            guard let context = EVP_PKEY_CTX_new_from_name(nil, "EC", nil) else {
                throw P256Error.openSSL("EVP_PKEY_CTX_new_from_name")
            }
            defer { EVP_PKEY_CTX_free(context) }
            guard EVP_PKEY_keygen_init(context) == 1 else { throw P256Error.openSSL("EVP_PKEY_keygen_init") }
            guard EVP_PKEY_CTX_set_group_name(context, "P-256") == 1 else {
                throw P256Error.openSSL("EVP_PKEY_CTX_set_group_name")
            }
            var key: OpaquePointer?
            guard EVP_PKEY_generate(context, &key) == 1, let key else { throw P256Error.openSSL("EVP_PKEY_generate") }
            return try PrivateKey(taking: key)
        }
    }
}

extension P256.PrivateKey: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// Names the key by its public thumbprint only.
    package var description: String { "P256.PrivateKey(jkt: \(publicKey.jwkThumbprint))" }
    package var debugDescription: String { description }
    /// Keeps `dump` and reflection to the public key.
    package var customMirror: Mirror { Mirror(self, children: ["publicKey": publicKey]) }
}
