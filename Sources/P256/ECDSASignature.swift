internal import COpenSSL

/// Converts between OpenSSL's DER `ECDSA-Sig-Value` (two ASN.1 INTEGERs of varying length)
/// and JWS's fixed `R‖S` (RFC 7518 §3.4: each half unsigned big-endian, left-padded to
/// 32 bytes), which is what every JOSE verifier expects.
enum ECDSASignature {
    /// `R‖S` from DER.
    static func jws(fromDER der: [UInt8]) throws(P256Error) -> [UInt8] {
        let signature: OpaquePointer? = der.withUnsafeBufferPointer { buffer in
            var cursor = buffer.baseAddress
            return d2i_ECDSA_SIG(nil, &cursor, buffer.count)
        }
        guard let signature else { throw P256Error.openSSL("d2i_ECDSA_SIG") }
        defer { ECDSA_SIG_free(signature) }
        var rs = [UInt8](repeating: 0, count: P256.signatureByteCount)
        let half = Int32(P256.coordinateByteCount)
        let written = rs.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return false }
            return BN_bn2binpad(ECDSA_SIG_get0_r(signature), base, half) == half
                && BN_bn2binpad(ECDSA_SIG_get0_s(signature), base + Int(half), half) == half
        }
        guard written else { throw P256Error.openSSL("BN_bn2binpad") }
        return rs
    }

    /// DER from `R‖S`; nil when `rs` is not 64 bytes or OpenSSL cannot build it.
    static func der(fromJWS rs: [UInt8]) -> [UInt8]? {
        guard rs.count == P256.signatureByteCount, let signature = ECDSA_SIG_new() else { return nil }
        defer { ECDSA_SIG_free(signature) }
        let half = Int32(P256.coordinateByteCount)
        let r = rs.withUnsafeBufferPointer { BN_bin2bn($0.baseAddress, half, nil) }
        let s = rs.withUnsafeBufferPointer { BN_bin2bn($0.baseAddress.map { $0 + Int(half) }, half, nil) }
        guard let r, let s, ECDSA_SIG_set0(signature, r, s) == 1 else {
            BN_free(r)
            BN_free(s)
            return nil
        }
        let length = i2d_ECDSA_SIG(signature, nil)
        guard length > 0 else { return nil }
        var der = [UInt8](repeating: 0, count: Int(length))
        let written = der.withUnsafeMutableBufferPointer { buffer in
            var cursor = buffer.baseAddress
            return i2d_ECDSA_SIG(signature, &cursor)
        }
        return written == length ? der : nil
    }
}
