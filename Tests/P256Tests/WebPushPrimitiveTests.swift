import GrainSupport
import P256
import Testing

/// The primitives Web Push encryption is built from, against their published vectors.
@Suite struct WebPushPrimitiveTests {
    func hex(_ text: String) -> [UInt8] {
        let digits = Array(text.utf8)
        return stride(from: 0, to: digits.count, by: 2).map { UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16)! }
    }

    /// RFC 5869, Appendix A, test case 1.
    @Test func hkdfMatchesRFC5869TestCase1() throws {
        let okm = try HKDF.sha256(
            ikm: [UInt8](repeating: 0x0b, count: 22), salt: hex("000102030405060708090a0b0c"), info: hex("f0f1f2f3f4f5f6f7f8f9"), length: 42)
        #expect(Hex.encode(okm) == "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865")
    }

    /// The GCM specification's test case 2 (AES-128, zero key, zero nonce, one zero block).
    @Test func aesGCMMatchesTheSpecificationsTestCase2AndRefusesAChangedByte() throws {
        let key = [UInt8](repeating: 0, count: 16)
        let nonce = [UInt8](repeating: 0, count: 12)
        let sealed = try AESGCM.seal([UInt8](repeating: 0, count: 16), key: key, nonce: nonce)
        #expect(Hex.encode(sealed) == "0388dace60b6a392f328c2b971b2fe78" + "ab6e47d42cec13bdf53a67b21257bddf")
        #expect(try AESGCM.open(sealed, key: key, nonce: nonce) == [UInt8](repeating: 0, count: 16))
        var changed = sealed
        changed[3] ^= 0x80
        #expect(try AESGCM.open(changed, key: key, nonce: nonce) == nil)
        #expect(throws: P256Error.self) { try AESGCM.seal([1], key: [1, 2], nonce: nonce) }
    }

    @Test func bothSidesOfECDHAgreeAndAPointRoundTrips() throws {
        let alice = try P256.PrivateKey.generate()
        let bob = try P256.PrivateKey.generate()
        let one = try alice.sharedSecret(with: bob.publicKey)
        #expect(one.count == 32)
        #expect(one == (try bob.sharedSecret(with: alice.publicKey)))
        #expect(try P256.PublicKey(uncompressedPoint: alice.publicKey.uncompressedPoint) == alice.publicKey)
        #expect(throws: P256Error.self) { try P256.PublicKey(uncompressedPoint: [0x02] + alice.publicKey.x) }
    }
}
