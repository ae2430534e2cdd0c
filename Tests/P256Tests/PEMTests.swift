import Foundation
import GrainSupport
import P256
import Testing

/// PEM key files, checked with RFC 6979 A.2.5's key written by Python's `cryptography`
/// (PKCS#8 and SEC1) and encrypted by `openssl pkcs8 -topk8 -v2 aes-256-cbc`.
@Suite struct PEMTests {
    static let pkcs8 = """
        -----BEGIN PRIVATE KEY-----
        MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgya+p2EW6dRZrXCFX
        Z7HWk05Qw9s26JsSe4piKxIPZyGhRANCAARg/tS6JVqdMclh63TGNW1owEm4kjth
        +mzmaWIuYPKftnkD/hAIuLyZpBrp6VYovGTy8bIMLX6fUXejwpTURiKZ
        -----END PRIVATE KEY-----
        """
    static let sec1 = """
        -----BEGIN EC PRIVATE KEY-----
        MHcCAQEEIMmvqdhFunUWa1whV2ex1pNOUMPbNuibEnuKYisSD2choAoGCCqGSM49
        AwEHoUQDQgAEYP7UuiVanTHJYet0xjVtaMBJuJI7Yfps5mliLmDyn7Z5A/4QCLi8
        maQa6elWKLxk8vGyDC1+n1F3o8KU1EYimQ==
        -----END EC PRIVATE KEY-----
        """
    static let encrypted = """
        -----BEGIN ENCRYPTED PRIVATE KEY-----
        MIHsMFcGCSqGSIb3DQEFDTBKMCkGCSqGSIb3DQEFDDAcBAgaRou11btwqgICCAAw
        DAYIKoZIhvcNAgkFADAdBglghkgBZQMEASoEEDYqMAQlDYLooKHRS4MQ78EEgZAL
        G9aWeF2IdufY242uRRqgkLgR6C7mLj4KZgBxhL8+E5Lciyyr60Kjrf3Z0nvhtwV0
        eMI/I1nAAQ50LuFd8lggiWt2KYQI/rD3CvN1g/hM67ocsNFv7h9YTQs0QRfG0nd9
        BYSbNg97bi70Gd19hefz86ufrrrF+rzpWCEsMg4+A80vA4yIWMEjiiIuXOdGAps=
        -----END ENCRYPTED PRIVATE KEY-----
        """

    @Test(arguments: [pkcs8, sec1])
    func aPEMKeyFileGivesThePublishedPublicPoint(pem: String) throws {
        let key = try P256.PrivateKey(pem: pem)
        #expect(key.publicKey.x == TestVectors.rfc6979PublicX)
        #expect(key.publicKey.y == TestVectors.rfc6979PublicY)
    }

    @Test func theKeyWritesThePKCS8PEMThatReadsBack() throws {
        let key = try P256.PrivateKey(rawScalar: TestVectors.rfc6979PrivateScalar)
        let pem = try key.pkcs8PEM
        #expect(pem.hasPrefix("-----BEGIN PRIVATE KEY-----\n"))
        #expect(try P256.PrivateKey(pem: pem).publicKey == key.publicKey)
        let generated = try P256.PrivateKey.generate()
        #expect(try P256.PrivateKey(pem: generated.pkcs8PEM).publicKey == generated.publicKey)
    }

    @Test func aPEMKeyWhosePublicPointIsNotItsScalarsIsRefused() throws {
        let x = try #require(Base64URL.decode(TestVectors.rfc9449X))
        let y = try #require(Base64URL.decode(TestVectors.rfc9449Y))
        let body = Data(TestVectors.rfc6979PKCS8(publicX: x, y: y)).base64EncodedString(options: .lineLength64Characters)
        let pem = "-----BEGIN PRIVATE KEY-----\n\(body)\n-----END PRIVATE KEY-----\n"
        #expect(throws: P256Error.self) { try P256.PrivateKey(pem: pem) }
    }

    @Test func anEncryptedKeyIsATypedError() {
        let error = #expect(throws: P256Error.self) { try P256.PrivateKey(pem: Self.encrypted) }
        #expect(error?.operation == "PrivateKey(pem:)")
    }

    @Test func textThatIsNoKeyIsATypedError() {
        #expect(throws: P256Error.self) { try P256.PrivateKey(pem: "") }
        #expect(throws: P256Error.self) { try P256.PrivateKey(pem: "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n") }
    }
}
