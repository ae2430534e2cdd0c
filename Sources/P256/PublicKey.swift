internal import COpenSSL

extension P256 {
    /// A P-256 public key as its affine coordinates: what a JWK carries and what a
    /// verifier needs. A value (no OpenSSL object inside), so it is trivially `Sendable`
    /// and can be compared and stored.
    package struct PublicKey: Sendable, Hashable {
        /// The X coordinate, big-endian, left-padded to 32 bytes.
        package let x: [UInt8]
        /// The Y coordinate, big-endian, left-padded to 32 bytes.
        package let y: [UInt8]

        /// A key from coordinates received from outside (a JWK); refuses anything that is
        /// not 32 bytes each or not a point on P-256, so every `PublicKey` can verify.
        package init(x: [UInt8], y: [UInt8]) throws(P256Error) {
            guard x.count == P256.coordinateByteCount, y.count == P256.coordinateByteCount else {
                throw P256Error(operation: "PublicKey(x:y:)", reason: "coordinates are 32 bytes each, not \(x.count) and \(y.count)")
            }
            let key = try EVPKey.decode(ASN1Template.publicKeyPrefix + x + y, operation: "PublicKey(x:y:)") { cursor, length in
                d2i_PUBKEY(nil, cursor, length)
            }
            // Decoding refuses a point off the curve (OpenSSL checks it when it parses the point).
            EVP_PKEY_free(key)
            self.init(checkedX: x, y: y)
        }

        /// For coordinates OpenSSL itself produced from a valid key.
        init(checkedX x: [UInt8], y: [UInt8]) {
            self.x = x
            self.y = y
        }

        /// Whether `rs` is a valid ES256 signature (64-byte JWS `R‖S`) of `message` by this
        /// key. False for every malformed signature, never an error: a verifier only needs
        /// to know whether to trust the message.
        package func isValidSignature(_ rs: [UInt8], for message: [UInt8]) -> Bool {
            ERR_clear_error()
            defer { ERR_clear_error() }
            guard let der = ECDSASignature.der(fromJWS: rs),
                let key = try? EVPKey.decode(ASN1Template.publicKeyPrefix + x + y, operation: "verify", parse: { d2i_PUBKEY(nil, $0, $1) })
            else { return false }
            defer { EVP_PKEY_free(key) }
            guard let context = EVP_MD_CTX_new() else { return false }
            defer { EVP_MD_CTX_free(context) }
            guard EVP_DigestVerifyInit(context, nil, EVP_sha256(), nil, key) == 1 else { return false }
            return EVP_DigestVerify(context, der, der.count, message, message.count) == 1
        }
    }
}
