internal import COpenSSL

/// AES-128-GCM (NIST SP 800-38D) with a 96-bit nonce and a 128-bit tag, through OpenSSL's
/// EVP interface: the content encryption of Web Push (`aes128gcm`, RFC 8188).
package enum AESGCM {
    package static let keyByteCount = 16
    package static let nonceByteCount = 12
    package static let tagByteCount = 16

    /// `plaintext` encrypted, followed by its tag.
    package static func seal(_ plaintext: [UInt8], key: [UInt8], nonce: [UInt8]) throws(P256Error) -> [UInt8] {
        try check(key: key, nonce: nonce, operation: "AESGCM.seal")
        ERR_clear_error()
        guard let context = EVP_CIPHER_CTX_new() else { throw P256Error.openSSL("EVP_CIPHER_CTX_new") }
        defer { EVP_CIPHER_CTX_free(context) }
        guard EVP_EncryptInit_ex2(context, EVP_aes_128_gcm(), key, nonce, nil) == 1 else { throw P256Error.openSSL("EVP_EncryptInit_ex2") }
        var output = [UInt8](repeating: 0, count: plaintext.count + tagByteCount)
        var written: Int32 = 0
        if !plaintext.isEmpty {
            guard EVP_EncryptUpdate(context, &output, &written, plaintext, Int32(plaintext.count)) == 1 else {
                throw P256Error.openSSL("EVP_EncryptUpdate")
            }
        }
        var final: Int32 = 0
        let finished = output.withUnsafeMutableBufferPointer { buffer in
            EVP_EncryptFinal_ex(context, buffer.baseAddress! + Int(written), &final)
        }
        guard finished == 1 else { throw P256Error.openSSL("EVP_EncryptFinal_ex") }
        let length = Int(written + final)
        let tagged = output.withUnsafeMutableBufferPointer { buffer in
            EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_GET_TAG, Int32(tagByteCount), buffer.baseAddress! + length)
        }
        guard tagged == 1 else { throw P256Error.openSSL("EVP_CTRL_GCM_GET_TAG") }
        return Array(output.prefix(length + tagByteCount))
    }

    /// The plaintext of `sealed` (ciphertext followed by its tag), or nil when the tag does
    /// not verify: a wrong key, nonce, or a changed byte.
    package static func open(_ sealed: [UInt8], key: [UInt8], nonce: [UInt8]) throws(P256Error) -> [UInt8]? {
        try check(key: key, nonce: nonce, operation: "AESGCM.open")
        guard sealed.count >= tagByteCount else { return nil }
        ERR_clear_error()
        defer { ERR_clear_error() }
        guard let context = EVP_CIPHER_CTX_new() else { throw P256Error.openSSL("EVP_CIPHER_CTX_new") }
        defer { EVP_CIPHER_CTX_free(context) }
        guard EVP_DecryptInit_ex2(context, EVP_aes_128_gcm(), key, nonce, nil) == 1 else { throw P256Error.openSSL("EVP_DecryptInit_ex2") }
        let ciphertext = Array(sealed.dropLast(tagByteCount))
        var tag = Array(sealed.suffix(tagByteCount))
        var output = [UInt8](repeating: 0, count: ciphertext.count + tagByteCount)
        var written: Int32 = 0
        if !ciphertext.isEmpty {
            guard EVP_DecryptUpdate(context, &output, &written, ciphertext, Int32(ciphertext.count)) == 1 else { return nil }
        }
        guard EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_SET_TAG, Int32(tagByteCount), &tag) == 1 else {
            throw P256Error.openSSL("EVP_CTRL_GCM_SET_TAG")
        }
        var final: Int32 = 0
        let verified = output.withUnsafeMutableBufferPointer { buffer in
            EVP_DecryptFinal_ex(context, buffer.baseAddress! + Int(written), &final)
        }
        guard verified == 1 else { return nil }
        return Array(output.prefix(Int(written + final)))
    }

    private static func check(key: [UInt8], nonce: [UInt8], operation: String) throws(P256Error) {
        guard key.count == keyByteCount, nonce.count == nonceByteCount else {
            throw P256Error(operation: operation, reason: "AES-128-GCM takes a 16-byte key and a 12-byte nonce, not \(key.count) and \(nonce.count)")
        }
    }
}
