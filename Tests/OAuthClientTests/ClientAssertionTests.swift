import Foundation
import OAuthClient
import P256
import Testing

@Suite struct ClientAssertionTests {
    @Test func assertionNamesTheClientTwiceTheIssuerAsAudienceAndExpiresSoon() throws {
        let key = try P256.PrivateKey.generate()
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let text = try ClientAssertion.make(
            clientID: "https://stories.example/oauth/client-metadata.json", issuer: "https://as.example", key: key, keyID: "k1", now: now)
        let jwt = try JWTInspection(text)
        #expect(jwt.header["alg"] as? String == "ES256")
        #expect(jwt.header["kid"] as? String == "k1")
        #expect(jwt.claims["iss"] as? String == "https://stories.example/oauth/client-metadata.json")
        #expect(jwt.claims["sub"] as? String == "https://stories.example/oauth/client-metadata.json")
        #expect(jwt.claims["aud"] as? String == "https://as.example")
        #expect((jwt.claims["iat"] as? NSNumber)?.intValue == 1_800_000_000)
        #expect((jwt.claims["exp"] as? NSNumber)?.intValue == 1_800_000_060)
        #expect((jwt.claims["jti"] as? String)?.isEmpty == false)
        #expect(jwt.isSigned(by: key.publicKey))
        #expect(!jwt.isSigned(by: try P256.PrivateKey.generate().publicKey))
    }

    @Test func everyAssertionHasItsOwnID() throws {
        let key = try P256.PrivateKey.generate()
        let ids = try (0..<20).map { _ in
            try JWTInspection(ClientAssertion.make(clientID: "https://c.example/m.json", issuer: "https://as.example", key: key, keyID: "k", now: Date()))
                .claims["jti"] as? String
        }
        #expect(Set(ids).count == 20)
    }
}
