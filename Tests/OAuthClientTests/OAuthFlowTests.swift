import ATProto
import ATProtoTestKit
import Foundation
import GrainSupport
import OAuthClient
import OAuthTestKit
import Testing

/// The whole flow against the stand-in: what works, and each lie the client refuses.
@Suite(.serialized) struct OAuthFlowTests {
    @Test func aHandleSignsInThroughPARAndTheCodeExchange() async throws {
        let harness = try OAuthFlowHarness()
        let grant = try await harness.signIn()
        await harness.stop()
        #expect(grant.did.rawValue == OAuthFlowHarness.did)
        #expect(grant.pdsURL == harness.server.pdsURL)
        #expect(grant.server.issuer == harness.server.issuer)
        #expect(grant.scope.contains("atproto"))
        #expect(grant.refreshToken != nil)
        // The first PAR was refused for want of a nonce, and the client tried once more.
        #expect(harness.server.log.refusals.filter { $0.hasPrefix("par: use_dpop_nonce") }.count == 1)
        #expect(!harness.server.log.refusals.contains { !$0.contains("use_dpop_nonce") })
    }

    @Test func aServerNameSignsInTheAccountItHosts() async throws {
        let harness = try OAuthFlowHarness()
        let grant = try await harness.signIn(harness.server.issuer)
        await harness.stop()
        #expect(grant.did.rawValue == OAuthFlowHarness.did)
        #expect(grant.pdsURL == harness.server.pdsURL)
    }

    @Test func everyProofAndAssertionTheClientSendsIsNew() async throws {
        let harness = try OAuthFlowHarness()
        harness.server.setLies([.acceptReplayedProofs, .acceptReplayedAssertions])
        let grant = try await harness.signIn()
        _ = try await harness.client.refresh(grant)
        await harness.client.revoke(grant)
        let log = harness.server.log
        await harness.stop()
        #expect(log.proofJTIs.count >= 5)
        #expect(Set(log.proofJTIs).count == log.proofJTIs.count)
        #expect(Set(log.assertionJTIs).count == log.assertionJTIs.count)
    }

    @Test func refreshRotatesTheRefreshTokenAndKeepsTheAccount() async throws {
        let harness = try OAuthFlowHarness()
        let grant = try await harness.signIn()
        let renewed = try await harness.client.refresh(grant)
        let again = try await harness.client.refresh(renewed)
        // The first refresh token is spent: presenting it again ends the whole grant.
        await #expect(throws: OAuthError.sessionEnded) { try await harness.client.refresh(grant) }
        await #expect(throws: OAuthError.sessionEnded) { try await harness.client.refresh(again) }
        await harness.stop()
        #expect(renewed.refreshToken != grant.refreshToken)
        #expect(renewed.accessToken != grant.accessToken)
        #expect(renewed.did == grant.did)
    }

    @Test func signingOutRevokesTheGrant() async throws {
        let harness = try OAuthFlowHarness()
        let grant = try await harness.signIn()
        await harness.client.revoke(grant)
        let revoked = harness.server.isRevoked(grantOf: try #require(grant.refreshToken).revealed)
        await #expect(throws: OAuthError.sessionEnded) { try await harness.client.refresh(grant) }
        await harness.stop()
        #expect(revoked)
    }

    // MARK: Lies the client refuses

    @Test func metadataNamingAnotherIssuerIsRefused() async throws {
        let harness = try OAuthFlowHarness()
        harness.server.setLies([.metadataIssuer("https://evil.example")])
        await #expect(throws: OAuthError.issuerMismatch(expected: harness.server.issuer, found: "https://evil.example")) {
            _ = try await harness.client.beginAuthorization(OAuthFlowHarness.handle)
        }
        await harness.stop()
    }

    @Test func aCallbackFromAnotherIssuerIsRefused() async throws {
        let harness = try OAuthFlowHarness()
        harness.server.setLies([.callbackIssuer("https://evil.example")])
        await #expect(throws: OAuthError.callbackIssuerMismatch(expected: harness.server.issuer, found: "https://evil.example")) {
            _ = try await harness.signIn()
        }
        await harness.stop()
    }

    @Test func aCallbackWithAnotherStateIsRefused() async throws {
        let harness = try OAuthFlowHarness()
        let (pending, redirect) = try await harness.client.beginAuthorization(OAuthFlowHarness.handle)
        let callback = try #require(harness.server.approve(authorizationURL: redirect))
        var parsed = OAuthCallback(query: String(callback.split(separator: "?")[1]))
        parsed.state = "forged"
        await #expect(throws: OAuthError.unknownState) { try await harness.client.completeAuthorization(pending, callback: parsed) }
        await harness.stop()
    }

    @Test func aTokenForAnotherAccountIsRefusedAndRevoked() async throws {
        let harness = try OAuthFlowHarness()
        harness.server.setLies([.subject("did:plc:malloryaaaaaaaaaaaaaaaaa")])
        await #expect(throws: OAuthError.subjectMismatch(expected: OAuthFlowHarness.did, found: "did:plc:malloryaaaaaaaaaaaaaaaaa")) {
            _ = try await harness.signIn()
        }
        let revocations = harness.server.log.revocations
        await harness.stop()
        #expect(revocations >= 1)
    }

    @Test func fromAServerNameASubjectHostedElsewhereIsRefused() async throws {
        let harness = try OAuthFlowHarness()
        let elsewhere = try OAuthFlowHarness()
        // Mallory's document names a PDS that another authorization server protects.
        harness.identity.set("did:plc:malloryaaaaaaaaaaaaaaaaa", did: "did:plc:malloryaaaaaaaaaaaaaaaaa", pds: elsewhere.server.pdsURL)
        harness.server.setLies([.subject("did:plc:malloryaaaaaaaaaaaaaaaaa")])
        await #expect(
            throws: OAuthError.subjectNotProtectedByIssuer(did: "did:plc:malloryaaaaaaaaaaaaaaaaa", issuer: harness.server.issuer)
        ) {
            _ = try await harness.signIn(harness.server.issuer)
        }
        await harness.stop()
        await elsewhere.stop()
    }

    @Test func aServerThatWithholdsItsNonceIsNotAskedForeverAndSigningInFails() async throws {
        let harness = try OAuthFlowHarness()
        harness.server.setLies([.withholdNonce])
        await #expect(throws: OAuthError.refused(server: harness.server.issuer, status: 400, error: "use_dpop_nonce")) {
            _ = try await harness.client.beginAuthorization(OAuthFlowHarness.handle)
        }
        let attempts = harness.server.log.refusals.count
        await harness.stop()
        #expect(attempts == 1)
    }

    @Test func aDeniedAuthorizationEndsSigningIn() async throws {
        let harness = try OAuthFlowHarness()
        let (pending, redirect) = try await harness.client.beginAuthorization(OAuthFlowHarness.handle)
        let callback = try #require(harness.server.approve(authorizationURL: redirect, deny: true))
        await #expect(throws: OAuthError.authorizationDenied(error: "access_denied")) {
            try await harness.client.completeAuthorization(pending, callback: OAuthCallback(query: String(callback.split(separator: "?")[1])))
        }
        await harness.stop()
    }
}
