/// Published values the suites check against, each with its source.
enum TestVectors {
    /// RFC 6979, Appendix A.2.5 ("ECDSA, 256 Bits (Prime Field)"): the key pair.
    /// https://www.rfc-editor.org/rfc/rfc6979#appendix-A.2.5
    static let rfc6979PrivateScalar = bytes(hex: "C9AFA9D845BA75166B5C215767B1D6934E50C3DB36E89B127B8A622B120F6721")
    static let rfc6979PublicX = bytes(hex: "60FED4BA255A9D31C961EB74C6356D68C049B8923B61FA6CE669622E60F29FB6")
    static let rfc6979PublicY = bytes(hex: "7903FE1008B8BC99A41AE9E95628BC64F2F1B20C2D7E9F5177A3C294D4462299")

    /// RFC 6979, Appendix A.2.5: "With SHA-256, message = "sample"", r then s.
    static let rfc6979SampleSignature = bytes(
        hex: "EFD48B2AACB6A8FD1140DD9CD45E81D69D2C877B56AAF991C34D0EA84EAF3716"
            + "F7CB1C942D657C41D436C7A1B6E29F65F3E900DBB9AFF4064DC4AB2F843ACDA8"
    )
    /// RFC 6979, Appendix A.2.5: "With SHA-256, message = "test"", r then s.
    static let rfc6979TestSignature = bytes(
        hex: "F1ABB023518351CD71D881567B1EA663ED3EFCF6C5132B354F28D3B0B7D38367"
            + "019F4113742A2B14BD25926B49C649155F267E60D3814B4C0CC84250E46F0083"
    )

    /// RFC 9449 (DPoP) §4.1's example proof header `jwk`, whose thumbprint §6.1 gives as
    /// the `jkt` confirmation of the access token.
    /// https://www.rfc-editor.org/rfc/rfc9449#section-6.1
    static let rfc9449X = "l8tFrhx-34tV3hRICRDY9zCkDlpBhF42UQUfWVAWBFs"
    static let rfc9449Y = "9VE4jf_Ok_o64zbTTlcuNJajHmt6v9TDVrU0CdvGRDA"
    static let rfc9449Thumbprint = "0ZcOCORZNYy-DWpqq30jZyJGHTN0d2HglBV3uiguA4I"

    /// The order n of P-256's base point (SEC 2, §2.4.2; FIPS 186-4 D.1.2.3): no valid
    /// private scalar reaches it.
    static let p256Order = bytes(hex: "FFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551")

    /// A P-384 key as PKCS#8 DER (`openssl genpkey … ec_paramgen_curve:P-384 | openssl pkcs8 -topk8 -nocrypt`).
    static let p384PKCS8 = bytes(
        hex: "3081b6020100301006072a8648ce3d020106052b8104002204819e30819b02010104304b13f1d5c63973b9b6ef7b03428ffc970ff7fbd1"
            + "7eb42d9ed55bcb0c83a09fb1faa2240ca288d67610ab314e9d2aa05ba16403620004e5bf50d9023af9ee474f12925dbac54e0c83215ad6"
            + "12a1ed8358fbc8dd1c28ff4900c5198dab5ec53f97787eefa13216aa84645506c03bd518666a76508ea527747a6b115b5396cf3318dbec"
            + "0da306a196f539a7b21a7906427be7b452755d1e"
    )
    /// An Ed25519 key as PKCS#8 DER (`openssl genpkey -algorithm ED25519 -outform DER`).
    static let ed25519PKCS8 = bytes(hex: "302e020100300506032b657004220420853e0d74d6850d9d4e054320bcaea20912a2ec1f58c056bda598f5bcad001215")

    /// RFC 6979's scalar as PKCS#8 DER carrying the given public point: with RFC 9449's
    /// point, both halves are valid alone but not a pair.
    static func rfc6979PKCS8(publicX x: [UInt8], y: [UInt8]) -> [UInt8] {
        bytes(hex: "308187020100301306072a8648ce3d020106082a8648ce3d030107046d306b0201010420")
            + rfc6979PrivateScalar + bytes(hex: "a14403420004") + x + y
    }

    /// Bytes from hexadecimal text (test data only: traps on bad input).
    static func bytes(hex: String) -> [UInt8] {
        let digits = Array(hex.utf8)
        precondition(digits.count % 2 == 0)
        return stride(from: 0, to: digits.count, by: 2).map { index in
            UInt8(String(decoding: digits[index...index + 1], as: UTF8.self), radix: 16)!
        }
    }
}
