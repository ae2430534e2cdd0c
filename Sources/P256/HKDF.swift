internal import COpenSSL

/// HKDF with SHA-256 (RFC 5869), extract and expand, through OpenSSL's HKDF key
/// derivation: what Web Push message encryption (RFC 8291, RFC 8188) derives its keys and
/// nonces with.
package enum HKDF {
    /// `length` bytes (1 to 255 × 32) from input keying material `ikm`, `salt` and `info`.
    package static func sha256(ikm: [UInt8], salt: [UInt8], info: [UInt8], length: Int) throws(P256Error) -> [UInt8] {
        guard (1...(255 * 32)).contains(length), !ikm.isEmpty else {
            throw P256Error(operation: "HKDF.sha256", reason: "needs keying material and a length from 1 to 8160")
        }
        ERR_clear_error()
        guard let context = EVP_PKEY_CTX_new_id(EVP_PKEY_HKDF, nil) else { throw P256Error.openSSL("EVP_PKEY_CTX_new_id(HKDF)") }
        defer { EVP_PKEY_CTX_free(context) }
        guard EVP_PKEY_derive_init(context) == 1 else { throw P256Error.openSSL("EVP_PKEY_derive_init") }
        guard EVP_PKEY_CTX_set_hkdf_md(context, EVP_sha256()) == 1 else { throw P256Error.openSSL("EVP_PKEY_CTX_set_hkdf_md") }
        guard EVP_PKEY_CTX_set1_hkdf_key(context, ikm, Int32(ikm.count)) == 1 else { throw P256Error.openSSL("EVP_PKEY_CTX_set1_hkdf_key") }
        // OpenSSL reads an empty salt as "no salt", which RFC 5869 defines as the same thing
        // (a hash-length string of zeros).
        if !salt.isEmpty {
            guard EVP_PKEY_CTX_set1_hkdf_salt(context, salt, Int32(salt.count)) == 1 else { throw P256Error.openSSL("EVP_PKEY_CTX_set1_hkdf_salt") }
        }
        if !info.isEmpty {
            guard EVP_PKEY_CTX_add1_hkdf_info(context, info, Int32(info.count)) == 1 else { throw P256Error.openSSL("EVP_PKEY_CTX_add1_hkdf_info") }
        }
        var output = [UInt8](repeating: 0, count: length)
        var written = length
        guard EVP_PKEY_derive(context, &output, &written) == 1, written == length else { throw P256Error.openSSL("EVP_PKEY_derive(HKDF)") }
        return output
    }
}
