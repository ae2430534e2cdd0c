import GrainSupport
import P256
import Testing

/// Generation, signing, verification and PKCS#8 persistence working together.
@Suite struct KeyRoundTripTests {
    let message = Array(#"{"typ":"dpop+jwt","alg":"ES256"}.{"htm":"POST"}"#.utf8)

    @Test func aGeneratedKeysSignatureIs64BytesAndVerifies() throws {
        let key = try P256.PrivateKey.generate()
        let signature = try key.signature(for: message)
        #expect(signature.count == 64)
        #expect(key.publicKey.isValidSignature(signature, for: message))
        #expect(key.publicKey.isValidSignature(try key.signature(for: []), for: []))
    }

    @Test func signaturesAreAlways64BytesEvenWhenRorSIsShort() throws {
        // About one signature in 128 has an r or s below 2^248, which DER encodes shorter.
        let key = try P256.PrivateKey.generate()
        var sawShortHalf = false
        for index in 0..<2_000 where !sawShortHalf {
            let text = message + Array(String(index).utf8)
            let signature = try key.signature(for: text)
            #expect(signature.count == 64)
            #expect(key.publicKey.isValidSignature(signature, for: text))
            sawShortHalf = signature[0] == 0 || signature[32] == 0
        }
        #expect(sawShortHalf)
    }

    @Test func aKeyExportedAsPKCS8ImportsWithTheSamePublicKeyAndSigning() throws {
        let key = try P256.PrivateKey.generate()
        let restored = try P256.PrivateKey(pkcs8DER: try key.pkcs8DER)
        #expect(restored.publicKey == key.publicKey)
        #expect(key.publicKey.isValidSignature(try restored.signature(for: message), for: message))
        #expect(restored.publicKey.isValidSignature(try key.signature(for: message), for: message))
        #expect(try restored.pkcs8DER == key.pkcs8DER)
    }

    @Test func aKeyImportedFromItsScalarExportsPKCS8ThatImportsAgain() throws {
        let key = try P256.PrivateKey(rawScalar: TestVectors.rfc6979PrivateScalar)
        let restored = try P256.PrivateKey(pkcs8DER: try key.pkcs8DER)
        #expect(restored.publicKey.x == TestVectors.rfc6979PublicX)
    }

    @Test func aSignatureByAnotherKeyDoesNotVerify() throws {
        let key = try P256.PrivateKey.generate()
        let other = try P256.PrivateKey.generate()
        #expect(!key.publicKey.isValidSignature(try other.signature(for: message), for: message))
    }

    @Test(arguments: [
        [],
        [0x30],
        Array("-----BEGIN PRIVATE KEY-----".utf8),
        TestVectors.bytes(hex: "3041020100301306072a8648ce3d020106082a8648ce3d030107042730250201010420"),
    ])
    func garbagePKCS8IsATypedErrorNamingTheCall(der: [UInt8]) {
        let error = #expect(throws: P256Error.self) { try P256.PrivateKey(pkcs8DER: der) }
        #expect(error?.operation == "PrivateKey(pkcs8DER:)")
        #expect(error?.reason.isEmpty == false)
    }

    @Test func openSSLsReasonIsKept() {
        let error = #expect(throws: P256Error.self) { try P256.PrivateKey(pkcs8DER: [0x30, 0x03, 0x02, 0x01]) }
        #expect(error?.reason.hasPrefix("error:") == true)
    }

    @Test func trailingBytesAfterAValidKeyAreRefused() throws {
        let der = try P256.PrivateKey.generate().pkcs8DER
        #expect(throws: P256Error.self) { try P256.PrivateKey(pkcs8DER: der + [0]) }
    }

    @Test func keysOfOtherCurvesAndAlgorithmsAreRefused() {
        let p384 = #expect(throws: P256Error.self) { try P256.PrivateKey(pkcs8DER: TestVectors.p384PKCS8) }
        #expect(p384?.reason == "curve secp384r1, not P-256")
        let ed25519 = #expect(throws: P256Error.self) { try P256.PrivateKey(pkcs8DER: TestVectors.ed25519PKCS8) }
        #expect(ed25519?.reason == "not an elliptic-curve key")
    }

    @Test func aPKCS8KeyWhosePublicPointIsNotItsScalarsIsRefused() throws {
        let x = try #require(Base64URL.decode(TestVectors.rfc9449X))
        let y = try #require(Base64URL.decode(TestVectors.rfc9449Y))
        #expect(throws: P256Error.self) { try P256.PrivateKey(pkcs8DER: TestVectors.rfc6979PKCS8(publicX: x, y: y)) }
        let matching = TestVectors.rfc6979PKCS8(publicX: TestVectors.rfc6979PublicX, y: TestVectors.rfc6979PublicY)
        #expect(try P256.PrivateKey(pkcs8DER: matching).publicKey.x == TestVectors.rfc6979PublicX)
    }

    @Test func scalarsOutsideTheGroupAreRefused() {
        #expect(throws: P256Error.self) { try P256.PrivateKey(rawScalar: [UInt8](repeating: 0, count: 32)) }
        #expect(throws: P256Error.self) { try P256.PrivateKey(rawScalar: TestVectors.p256Order) }
        #expect(throws: P256Error.self) { try P256.PrivateKey(rawScalar: [UInt8](repeating: 1, count: 31)) }
    }
}
