/// Fixed DER prefixes for P-256 keys, so raw bytes become the standard encodings OpenSSL
/// parses (and checks) without building ASN.1 or OSSL_PARAM arrays by hand.
///
/// Both encodings have no variable-length parts for P-256, so a prefix plus the raw bytes
/// is the complete, canonical DER.
enum ASN1Template {
    /// SubjectPublicKeyInfo (RFC 5480) for id-ecPublicKey on prime256v1, up to and including
    /// the uncompressed-point tag `04`; followed by X‖Y (64 bytes).
    static let publicKeyPrefix: [UInt8] = [
        0x30, 0x59,  // SEQUENCE, 89 bytes
        0x30, 0x13,  // AlgorithmIdentifier
        0x06, 0x07, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01,  // id-ecPublicKey
        0x06, 0x08, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07,  // prime256v1
        0x03, 0x42, 0x00,  // BIT STRING, 66 bytes, no unused bits
        0x04,  // uncompressed point
    ]

    /// PKCS#8 PrivateKeyInfo (RFC 5208, RFC 5915) for prime256v1 carrying only the private
    /// scalar; followed by the 32-byte scalar. OpenSSL derives the public point on import.
    static let privateKeyPrefix: [UInt8] = [
        0x30, 0x41,  // SEQUENCE, 65 bytes
        0x02, 0x01, 0x00,  // version 0
        0x30, 0x13,  // AlgorithmIdentifier
        0x06, 0x07, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01,  // id-ecPublicKey
        0x06, 0x08, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07,  // prime256v1
        0x04, 0x27,  // OCTET STRING, 39 bytes: ECPrivateKey
        0x30, 0x25,  // SEQUENCE, 37 bytes
        0x02, 0x01, 0x01,  // version 1
        0x04, 0x20,  // OCTET STRING, 32 bytes: the scalar
    ]
}
