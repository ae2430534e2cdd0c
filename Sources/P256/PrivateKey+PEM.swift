internal import COpenSSL

/// PEM, the text form of a key file: what `openssl genpkey -algorithm EC -pkeyopt
/// ec_paramgen_curve:P-256` writes, so an operator can hand the server a client key.
extension P256.PrivateKey {
    /// Imports an unencrypted PEM key, `BEGIN PRIVATE KEY` (PKCS#8) or `BEGIN EC PRIVATE
    /// KEY` (SEC1), with the same checks as `init(pkcs8DER:)`. An encrypted key is refused
    /// at once: OpenSSL's default would prompt for a passphrase on the terminal.
    package convenience init(pem: String) throws(P256Error) {
        let operation = "PrivateKey(pem:)"
        ERR_clear_error()
        let text = Array(pem.utf8)
        let parsed: OpaquePointer? = text.withUnsafeBytes { buffer in
            guard let bio = BIO_new_mem_buf(buffer.baseAddress, Int32(buffer.count)) else { return nil }
            defer { BIO_free(bio) }
            return PEM_read_bio_PrivateKey(bio, nil, { _, _, _, _ in -1 }, nil)
        }
        guard let key = parsed else { throw P256Error.openSSL(operation) }
        do throws(P256Error) {
            try EVPKey.requireP256(key, operation: operation)
            try EVPKey.checkPair(key, operation: operation)
        } catch {
            EVP_PKEY_free(key)
            throw error
        }
        try self.init(taking: key)
    }

    /// The key as unencrypted PKCS#8 PEM (`BEGIN PRIVATE KEY`), for a key file the caller
    /// protects.
    package var pkcs8PEM: String {
        get throws(P256Error) {
            ERR_clear_error()
            guard let bio = BIO_new(BIO_s_mem()) else { throw P256Error.openSSL("BIO_new") }
            defer { BIO_free(bio) }
            guard PEM_write_bio_PKCS8PrivateKey(bio, key, nil, nil, 0, nil, nil) == 1 else {
                throw P256Error.openSSL("PEM_write_bio_PKCS8PrivateKey")
            }
            var text = [UInt8](repeating: 0, count: BIO_ctrl_pending(bio))
            guard BIO_read(bio, &text, Int32(text.count)) == Int32(text.count) else { throw P256Error.openSSL("BIO_read") }
            return String(decoding: text, as: UTF8.self)
        }
    }
}
