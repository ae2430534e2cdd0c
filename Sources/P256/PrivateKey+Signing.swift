internal import COpenSSL

extension P256.PrivateKey {
    /// Signs `message` with ES256: SHA-256, then ECDSA with a fresh random nonce, returned
    /// as the 64-byte `R‖S` that JWS uses (RFC 7518 §3.4), not OpenSSL's DER.
    package func signature(for message: [UInt8]) throws(P256Error) -> [UInt8] {
        ERR_clear_error()
        guard let context = EVP_MD_CTX_new() else { throw P256Error.openSSL("EVP_MD_CTX_new") }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestSignInit(context, nil, EVP_sha256(), nil, key) == 1 else {
            throw P256Error.openSSL("EVP_DigestSignInit")
        }
        var length = 0
        guard EVP_DigestSign(context, nil, &length, message, message.count) == 1 else {
            throw P256Error.openSSL("EVP_DigestSign")
        }
        var der = [UInt8](repeating: 0, count: length)
        guard EVP_DigestSign(context, &der, &length, message, message.count) == 1 else {
            throw P256Error.openSSL("EVP_DigestSign")
        }
        return try ECDSASignature.jws(fromDER: Array(der.prefix(length)))
    }
}
