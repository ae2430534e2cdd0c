internal import COpenSSL

/// The few operations on a raw `EVP_PKEY *` that both key types need. Every pointer
/// returned here is owned by the caller, who frees it with `EVP_PKEY_free`.
enum EVPKey {
    /// Parses DER with `parse`, refuses trailing bytes, and checks the result is a P-256
    /// key; the key is freed on every failure.
    static func decode(
        _ der: [UInt8], operation: String,
        parse: (UnsafeMutablePointer<UnsafePointer<UInt8>?>, Int) -> OpaquePointer?
    ) throws(P256Error) -> OpaquePointer {
        ERR_clear_error()
        var consumed = 0
        let key: OpaquePointer? = der.withUnsafeBufferPointer { buffer in
            var cursor = buffer.baseAddress
            let key = parse(&cursor, buffer.count)
            if let cursor, let base = buffer.baseAddress { consumed = cursor - base }
            return key
        }
        guard let key else { throw P256Error.openSSL(operation) }
        guard consumed == der.count else {
            EVP_PKEY_free(key)
            throw P256Error(operation: operation, reason: "\(der.count - consumed) bytes after the key")
        }
        do throws(P256Error) {
            try requireP256(key, operation: operation)
        } catch {
            EVP_PKEY_free(key)
            throw error
        }
        return key
    }

    /// Refuses keys of any other type or curve: a PKCS#8 file may hold an RSA or P-384 key.
    static func requireP256(_ key: OpaquePointer, operation: String) throws(P256Error) {
        guard EVP_PKEY_is_a(key, "EC") == 1 else {
            throw P256Error(operation: operation, reason: "not an elliptic-curve key")
        }
        var name = [CChar](repeating: 0, count: 64)
        var length = 0
        guard EVP_PKEY_get_group_name(key, &name, name.count, &length) == 1 else {
            throw P256Error.openSSL("EVP_PKEY_get_group_name")
        }
        let group = String(decoding: name.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard group == "prime256v1" else {
            throw P256Error(operation: operation, reason: "curve \(group), not P-256")
        }
    }

    /// Runs OpenSSL's full key-pair check, so a key is checked once where it enters. The
    /// decoder already refuses points off the curve and scalars out of range; this adds
    /// the one thing it does not check: that a stored public point belongs to the scalar.
    static func checkPair(_ key: OpaquePointer, operation: String) throws(P256Error) {
        guard let context = EVP_PKEY_CTX_new_from_pkey(nil, key, nil) else {
            throw P256Error.openSSL("EVP_PKEY_CTX_new_from_pkey")
        }
        defer { EVP_PKEY_CTX_free(context) }
        guard EVP_PKEY_check(context) == 1 else { throw P256Error.openSSL(operation) }
    }

    /// The public point's affine coordinates, each left-padded to 32 bytes.
    static func coordinates(of key: OpaquePointer) throws(P256Error) -> (x: [UInt8], y: [UInt8]) {
        (try coordinate(OSSL_PKEY_PARAM_EC_PUB_X, of: key), try coordinate(OSSL_PKEY_PARAM_EC_PUB_Y, of: key))
    }

    private static func coordinate(_ name: String, of key: OpaquePointer) throws(P256Error) -> [UInt8] {
        var number: OpaquePointer?
        guard EVP_PKEY_get_bn_param(key, name, &number) == 1, let number else {
            throw P256Error.openSSL("EVP_PKEY_get_bn_param(\(name))")
        }
        defer { BN_free(number) }
        var bytes = [UInt8](repeating: 0, count: P256.coordinateByteCount)
        guard BN_bn2binpad(number, &bytes, Int32(bytes.count)) == Int32(bytes.count) else {
            throw P256Error.openSSL("BN_bn2binpad")
        }
        return bytes
    }
}
