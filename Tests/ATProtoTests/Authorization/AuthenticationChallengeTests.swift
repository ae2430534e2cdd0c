import ATProto
import Testing

/// `WWW-Authenticate` challenges as PDSes send them, read the same whatever the letter
/// case, quoting or number of challenges in a field.
@Suite struct AuthenticationChallengeTests {
    @Test func aBearerChallengeGivesItsErrorWhateverTheCaseOfItsNames() {
        let challenges = AuthenticationChallenge.parse(#"bearer Error="invalid_token", error_description="Token has expired""#)
        #expect(challenges.count == 1)
        #expect(challenges.first?.isScheme("Bearer") == true)
        #expect(challenges.first?.parameter("error") == "invalid_token")
        #expect(challenges.first?.parameter("ERROR_DESCRIPTION") == "Token has expired")
    }

    @Test func twoChallengesInOneFieldAreTwo() {
        let challenges = AuthenticationChallenge.parse(#"DPoP error="use_dpop_nonce", algs="ES256 RS256", Bearer realm=pds, error=invalid_token"#)
        #expect(challenges.map(\.scheme) == ["DPoP", "Bearer"])
        #expect(challenges[0].parameters == ["error": "use_dpop_nonce", "algs": "ES256 RS256"])
        #expect(challenges[1].parameters == ["realm": "pds", "error": "invalid_token"])
    }

    @Test func aQuotedValueKeepsItsCommasAndEscapedQuotes() {
        let challenges = AuthenticationChallenge.parse(#"DPoP error_description="say \"hi\", then go", error="x""#)
        #expect(challenges.first?.parameter("error_description") == #"say "hi", then go"#)
        #expect(challenges.first?.parameter("error") == "x")
    }

    @Test func aToken68AndABareSchemeAreChallengesWithoutParameters() {
        let challenges = AuthenticationChallenge.parse("Basic dXNlcjpwYXNz==, Bearer")
        #expect(
            challenges == [
                AuthenticationChallenge(scheme: "Basic", token68: "dXNlcjpwYXNz=="),
                AuthenticationChallenge(scheme: "Bearer"),
            ])
    }

    @Test func aQuoteThatNeverClosesGivesNoError() {
        let challenges = AuthenticationChallenge.parse(#"Bearer error="invalid_token"#)
        #expect(challenges.first?.isScheme("Bearer") == true)
        #expect(challenges.allSatisfy { $0.parameter("error") == nil })
    }
}
