import GrainSupport
import OAuthClient
import Testing

@Suite struct PKCETests {
    @Test func challengeMatchesRFC7636AppendixB() {
        let pkce = PKCE(verifierText: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")
        #expect(pkce.challenge == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
        #expect(pkce.method == "S256")
    }

    @Test func freshVerifiersAreLongEnoughAndNeverRepeat() {
        let first = PKCE()
        let second = PKCE()
        #expect(first.verifier.revealed.count == 43)
        #expect(Base64URL.isAlphabetOnly(first.verifier.revealed))
        #expect(first.verifier != second.verifier)
        #expect(first.challenge == PKCE.challenge(for: first.verifier.revealed))
    }

    @Test func theVerifierNeverAppearsWhenPrinted() {
        let pkce = PKCE()
        #expect(!"\(pkce)".contains(pkce.verifier.revealed))
    }
}
