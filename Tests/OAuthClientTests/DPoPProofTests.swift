import Foundation
import GrainSupport
import OAuthClient
import P256
import Testing

@Suite struct DPoPProofTests {
    let key: P256.PrivateKey
    init() throws { key = try P256.PrivateKey.generate() }

    @Test func headerCarriesTypeAlgorithmAndThePublicKey() throws {
        let proof = try JWTInspection(DPoPProof.make(key: key, method: "post", url: "https://as.example/token", nonce: nil, now: Date()))
        #expect(proof.header["typ"] as? String == "dpop+jwt")
        #expect(proof.header["alg"] as? String == "ES256")
        let jwk = try #require(proof.header["jwk"] as? [String: String])
        #expect(jwk["kty"] == "EC" && jwk["crv"] == "P-256")
        #expect(jwk["x"] == Base64URL.encode(key.publicKey.x) && jwk["y"] == Base64URL.encode(key.publicKey.y))
        #expect(jwk["d"] == nil)
        #expect(proof.isSigned(by: key.publicKey))
    }

    @Test func claimsNameMethodURLWithoutQueryTimeNonceAndAUniqueID() throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let first = try JWTInspection(
            DPoPProof.make(key: key, method: "get", url: "https://pds.example/xrpc/a.b?x=1#frag", nonce: "n-1", now: now))
        let second = try JWTInspection(DPoPProof.make(key: key, method: "GET", url: "https://pds.example/xrpc/a.b", nonce: nil, now: now))
        #expect(first.claims["htm"] as? String == "GET")
        #expect(first.claims["htu"] as? String == "https://pds.example/xrpc/a.b")
        #expect((first.claims["iat"] as? NSNumber)?.intValue == 1_800_000_000)
        #expect(first.claims["nonce"] as? String == "n-1")
        #expect(second.claims["nonce"] == nil)
        #expect(first.claims["ath"] == nil)
        let firstID = try #require(first.claims["jti"] as? String)
        #expect(firstID != second.claims["jti"] as? String)
    }

    @Test func athIsTheRFC9449ExampleHash() throws {
        let token = Secret("Kz~8mXK1EalYznwH-LC-1fBAo.4Ljp~zsPE_NeO.gxU")
        #expect(DPoPProof.ath(for: token) == "fUHyO2r2Z3DZ53EsNrWBb0xWXoaNy59IiKCAqksmQEo")
        let proof = try JWTInspection(DPoPProof.make(key: key, method: "GET", url: "https://pds.example/x", nonce: "n", accessToken: token, now: Date()))
        #expect(proof.claims["ath"] as? String == "fUHyO2r2Z3DZ53EsNrWBb0xWXoaNy59IiKCAqksmQEo")
    }

    @Test func htuDropsQueryAndFragmentOnly() {
        #expect(DPoPProof.htu(of: "https://a.example:8443/p/q?x=1") == "https://a.example:8443/p/q")
        #expect(DPoPProof.htu(of: "https://a.example/p#f") == "https://a.example/p")
        #expect(DPoPProof.htu(of: "https://a.example/p") == "https://a.example/p")
    }
}
