/// ECDSA over NIST P-256 with SHA-256 (JWS `ES256`, RFC 7518 §3.4), the one algorithm AT
/// Protocol OAuth requires: DPoP proofs (RFC 9449) and `private_key_jwt` client assertions.
///
/// The namespace for `P256.PrivateKey`, `P256.PublicKey` and their encodings. This target
/// is the only importer of `COpenSSL` (OpenSSL 3 libcrypto); nothing in its API names a C
/// type, so the rest of the application stays free of C.
package enum P256 {
    /// The byte length of a scalar, a coordinate, and each half of a JWS signature.
    package static let coordinateByteCount = 32

    /// The byte length of a JWS `ES256` signature: `R‖S`.
    package static let signatureByteCount = 64
}
