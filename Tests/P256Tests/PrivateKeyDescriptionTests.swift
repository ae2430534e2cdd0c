import GrainSupport
import P256
import Testing

/// A private key that reaches a log line, a test failure or `dump` shows only its public
/// thumbprint.
@Suite struct PrivateKeyDescriptionTests {
    @Test func thePrivateKeyNeverAppearsInItsDescriptions() throws {
        let key = try P256.PrivateKey(rawScalar: TestVectors.rfc6979PrivateScalar)
        var dumped = ""
        dump(key, to: &dumped)
        let texts = [String(describing: key), String(reflecting: key), "\(key)", dumped]
        let scalar = TestVectors.rfc6979PrivateScalar
        let pkcs8 = try key.pkcs8DER
        for text in texts {
            #expect(!text.lowercased().contains(Hex.encode(scalar)))
            #expect(!text.contains(Base64URL.encode(scalar)))
            #expect(!text.lowercased().contains(Hex.encode(pkcs8)))
            #expect(!text.contains(String(describing: scalar.prefix(4)).dropLast()))
        }
        #expect(String(describing: key) == "P256.PrivateKey(jkt: \(key.publicKey.jwkThumbprint))")
    }
}
