import P256
import Testing

/// The key and the deterministic SHA-256 signatures of RFC 6979 Appendix A.2.5. OpenSSL
/// signs with random nonces, so its own signatures differ from the published ones; the
/// published ones must verify, and any change to them must not.
@Suite struct RFC6979VectorTests {
    let key: P256.PrivateKey
    init() throws { key = try P256.PrivateKey(rawScalar: TestVectors.rfc6979PrivateScalar) }

    @Test func aKeyImportedFromThePublishedScalarHasThePublishedPublicPoint() {
        #expect(key.publicKey.x == TestVectors.rfc6979PublicX)
        #expect(key.publicKey.y == TestVectors.rfc6979PublicY)
    }

    @Test func thePublishedSignaturesOfSampleAndTestVerify() throws {
        let publicKey = try P256.PublicKey(x: TestVectors.rfc6979PublicX, y: TestVectors.rfc6979PublicY)
        #expect(publicKey == key.publicKey)
        #expect(publicKey.isValidSignature(TestVectors.rfc6979SampleSignature, for: Array("sample".utf8)))
        #expect(publicKey.isValidSignature(TestVectors.rfc6979TestSignature, for: Array("test".utf8)))
    }

    @Test(arguments: [0, 31, 32, 63])
    func aPublishedSignatureWithOneBitFlippedDoesNotVerify(byte: Int) {
        var signature = TestVectors.rfc6979SampleSignature
        signature[byte] ^= 0x01
        #expect(!key.publicKey.isValidSignature(signature, for: Array("sample".utf8)))
    }

    @Test func aPublishedSignatureDoesNotVerifyAnotherMessage() {
        #expect(!key.publicKey.isValidSignature(TestVectors.rfc6979SampleSignature, for: Array("test".utf8)))
        #expect(!key.publicKey.isValidSignature(TestVectors.rfc6979SampleSignature, for: Array("samplf".utf8)))
    }

    @Test func theVectorKeysOwnSignaturesVerifyUnderThePublishedPublicKey() throws {
        let publicKey = try P256.PublicKey(x: TestVectors.rfc6979PublicX, y: TestVectors.rfc6979PublicY)
        let signature = try key.signature(for: Array("sample".utf8))
        #expect(signature.count == 64)
        #expect(publicKey.isValidSignature(signature, for: Array("sample".utf8)))
    }

    @Test func signaturesOfAnyOtherLengthAreRefused() throws {
        let signature = TestVectors.rfc6979SampleSignature
        #expect(!key.publicKey.isValidSignature(Array(signature.dropLast()), for: Array("sample".utf8)))
        #expect(!key.publicKey.isValidSignature(signature + [0], for: Array("sample".utf8)))
        #expect(!key.publicKey.isValidSignature([], for: Array("sample".utf8)))
    }
}
