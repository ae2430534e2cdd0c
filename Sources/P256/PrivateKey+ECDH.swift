internal import COpenSSL

extension P256.PrivateKey {
    /// ECDH (SP 800-56A, cofactor 1 on P-256): the 32-byte X coordinate of this key's
    /// scalar times `peer`'s point, as Web Push message encryption (RFC 8291 §3.1) uses it.
    package func sharedSecret(with peer: P256.PublicKey) throws(P256Error) -> [UInt8] {
        ERR_clear_error()
        let peerKey = try EVPKey.decode(ASN1Template.publicKeyPrefix + peer.x + peer.y, operation: "sharedSecret") { cursor, length in
            d2i_PUBKEY(nil, cursor, length)
        }
        defer { EVP_PKEY_free(peerKey) }
        guard let context = EVP_PKEY_CTX_new_from_pkey(nil, key, nil) else { throw P256Error.openSSL("EVP_PKEY_CTX_new_from_pkey") }
        defer { EVP_PKEY_CTX_free(context) }
        guard EVP_PKEY_derive_init(context) == 1 else { throw P256Error.openSSL("EVP_PKEY_derive_init") }
        guard EVP_PKEY_derive_set_peer(context, peerKey) == 1 else { throw P256Error.openSSL("EVP_PKEY_derive_set_peer") }
        var length = 0
        guard EVP_PKEY_derive(context, nil, &length) == 1 else { throw P256Error.openSSL("EVP_PKEY_derive") }
        var secret = [UInt8](repeating: 0, count: length)
        guard EVP_PKEY_derive(context, &secret, &length) == 1 else { throw P256Error.openSSL("EVP_PKEY_derive") }
        return Array(secret.prefix(length))
    }
}
