internal import COpenSSL

/// Persistence: PKCS#8 `PrivateKeyInfo` DER (RFC 5208), what `openssl genpkey` writes and
/// every JOSE library reads, and the raw scalar of published test vectors.
extension P256.PrivateKey {
    /// Imports an unencrypted PKCS#8 DER key; refuses other key types, other curves,
    /// trailing bytes, scalars out of range and a stored public point that is not the
    /// scalar's.
    package convenience init(pkcs8DER der: [UInt8]) throws(P256Error) {
        let key = try EVPKey.decode(der, operation: "PrivateKey(pkcs8DER:)") { cursor, length in
            guard let info = d2i_PKCS8_PRIV_KEY_INFO(nil, cursor, length) else { return nil }
            defer { PKCS8_PRIV_KEY_INFO_free(info) }
            return EVP_PKCS82PKEY(info)
        }
        do throws(P256Error) {
            try EVPKey.checkPair(key, operation: "PrivateKey(pkcs8DER:)")
        } catch {
            EVP_PKEY_free(key)
            throw error
        }
        try self.init(taking: key)
    }

    /// Imports a raw 32-byte big-endian scalar (as published test vectors give keys);
    /// OpenSSL derives the public point.
    package convenience init(rawScalar scalar: [UInt8]) throws(P256Error) {
        guard scalar.count == P256.coordinateByteCount else {
            throw P256Error(operation: "PrivateKey(rawScalar:)", reason: "a scalar is 32 bytes, not \(scalar.count)")
        }
        try self.init(pkcs8DER: ASN1Template.privateKeyPrefix + scalar)
    }

    /// The key as unencrypted PKCS#8 DER, for storage the caller protects (file mode
    /// 0600, the database). The only way the scalar leaves OpenSSL.
    package var pkcs8DER: [UInt8] {
        get throws(P256Error) {
            ERR_clear_error()
            guard let info = EVP_PKEY2PKCS8(key) else { throw P256Error.openSSL("EVP_PKEY2PKCS8") }
            defer { PKCS8_PRIV_KEY_INFO_free(info) }
            let length = i2d_PKCS8_PRIV_KEY_INFO(info, nil)
            guard length > 0 else { throw P256Error.openSSL("i2d_PKCS8_PRIV_KEY_INFO") }
            var der = [UInt8](repeating: 0, count: Int(length))
            let written = der.withUnsafeMutableBufferPointer { buffer in
                var cursor = buffer.baseAddress
                return i2d_PKCS8_PRIV_KEY_INFO(info, &cursor)
            }
            guard written == length else { throw P256Error.openSSL("i2d_PKCS8_PRIV_KEY_INFO") }
            return der
        }
    }
}
