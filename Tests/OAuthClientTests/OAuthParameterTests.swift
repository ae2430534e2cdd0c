import ATProto
import ATProtoTestKit
import Foundation
import GrainSupport
import OAuthClient
import OAuthTestKit
import Synchronization
import Testing

/// Every parameter a real authorization server sends can be missing or wrong; the
/// stand-in leaves out or changes each one (`Lie.callbackParameter`, `Lie.tokenMember`)
/// and the client must refuse what the specification refuses, before any token is used.
@Suite(.serialized) struct OAuthParameterTests {
    /// Starts a sign-in, approves it at the stand-in (telling `lies` first) and completes
    /// it with the callback the browser would bring back; `completing` runs just before
    /// the completion.
    static func signIn(
        lying lies: Set<StandInOAuthServer.Lie>, _ harness: OAuthFlowHarness, completing: () -> Void = {}
    ) async throws -> OAuthGrant {
        let (pending, redirect) = try await harness.client.beginAuthorization(OAuthFlowHarness.handle)
        harness.server.setLies(lies)
        let callback = try #require(harness.server.approve(authorizationURL: redirect))
        let query = callback.split(separator: "?", maxSplits: 1).dropFirst().first.map(String.init) ?? ""
        completing()
        return try await harness.client.completeAuthorization(pending, callback: OAuthCallback(query: query))
    }

    /// Signs in lying `lies`; gives the error and how many requests reached the token
    /// endpoint (each carries a client assertion, which the stand-in logs).
    static func refusal(_ lies: Set<StandInOAuthServer.Lie>) async throws -> (error: OAuthError?, tokenRequests: Int) {
        let harness = try OAuthFlowHarness()
        let assertions = Mutex(0)
        var failure: OAuthError?
        do {
            _ = try await signIn(lying: lies, harness) { assertions.withLock { $0 = harness.server.log.assertionJTIs.count } }
        } catch let error as OAuthError {
            failure = error
        }
        let tokenRequests = harness.server.log.assertionJTIs.count - assertions.withLock { $0 }
        await harness.stop()
        return (failure, tokenRequests)
    }

    // MARK: The callback

    @Test func aCallbackWithoutIssIsRefusedBeforeTheCodeIsExchanged() async throws {
        let (error, tokenRequests) = try await Self.refusal([.callbackParameter("iss", nil)])
        guard case .callbackIssuerMismatch(_, nil)? = error else {
            Issue.record("expected the missing iss refused, got \(String(describing: error))")
            return
        }
        #expect(tokenRequests == 0)
    }

    @Test func aCallbackWithoutStateOrWithAnotherIsRefused() async throws {
        for state in [nil, "", "another-state"] as [String?] {
            let (error, tokenRequests) = try await Self.refusal([.callbackParameter("state", state)])
            #expect(error == .unknownState, "\(String(describing: state))")
            #expect(tokenRequests == 0)
        }
    }

    @Test func anErrorInTheCallbackEndsSigningInEvenBesideACode() async throws {
        let (error, tokenRequests) = try await Self.refusal([.callbackParameter("error", "server_error")])
        #expect(error == .authorizationDenied(error: "server_error"))
        #expect(tokenRequests == 0, "the code beside the error is not exchanged")
    }

    @Test func aCallbackWithoutACodeOrWithAnEmptyOneEndsSigningIn() async throws {
        for code in [nil, ""] as [String?] {
            let (error, tokenRequests) = try await Self.refusal([.callbackParameter("code", code)])
            #expect(error == .authorizationDenied(error: "no code"), "\(String(describing: code))")
            #expect(tokenRequests == 0)
        }
    }

    // MARK: The token response

    @Test(arguments: [
        ("token_type", #""Bearer""#), ("token_type", nil), ("token_type", #""""#), ("token_type", #""DPoP-ish""#),
        ("sub", nil), ("sub", #""alice.test""#), ("sub", #""did:plc:""#), ("sub", "42"),
        ("scope", nil), ("scope", #""transition:generic""#), ("scope", #""atprotocol blob:image/*""#),
        ("access_token", #""""#), ("access_token", nil),
    ])
    func aTokenResponseMissingOrChangingWhatTheSpecificationRequiresIsRefused(member: String, json: String?) async throws {
        let (error, _) = try await Self.refusal([.tokenMember(member, json)])
        guard case .invalidTokenResponse? = error else {
            Issue.record("\(member) = \(json ?? "(left out)"): expected an invalid token response, got \(String(describing: error))")
            return
        }
    }

    @Test func aLowerCaseDPoPTokenTypeIsAccepted() async throws {
        let harness = try OAuthFlowHarness()
        let grant = try await Self.signIn(lying: [.tokenMember("token_type", #""dpop""#)], harness)
        await harness.stop()
        #expect(grant.did.rawValue == OAuthFlowHarness.did)
    }

    /// The access token's lifetime: `expires_in` when it is given, five minutes when not,
    /// never more than thirty minutes, never in the past.
    @Test(arguments: [("1800", 1800.0), ("60", 60.0), ("99999999", 1800.0), ("-30", 0.0), (nil, 300.0)] as [(String?, Double)])
    func theAccessTokensLifetimeIsReadAndCapped(expiresIn: String?, seconds: Double) async throws {
        let harness = try OAuthFlowHarness()
        let before = Date()
        let grant = try await Self.signIn(lying: [.tokenMember("expires_in", expiresIn)], harness)
        let after = Date()
        await harness.stop()
        #expect(grant.expiresAt >= before.addingTimeInterval(seconds).addingTimeInterval(-1))
        #expect(grant.expiresAt <= after.addingTimeInterval(seconds).addingTimeInterval(1))
    }

    /// Without a refresh token the session cannot be renewed: refreshing ends it at once,
    /// without a request.
    @Test func aGrantWithoutARefreshTokenEndsWhenItWouldBeRenewed() async throws {
        let harness = try OAuthFlowHarness()
        let grant = try await Self.signIn(lying: [.tokenMember("refresh_token", nil)], harness)
        let requests = harness.server.log.assertionJTIs.count
        await #expect(throws: OAuthError.sessionEnded) { try await harness.client.refresh(grant) }
        let after = harness.server.log.assertionJTIs.count
        await harness.stop()
        #expect(grant.refreshToken == nil)
        #expect(after == requests)
    }

    /// A refresh answer is held to the same rules as the first.
    @Test(arguments: [("token_type", #""Bearer""#), ("sub", nil), ("scope", #""transition:generic""#)] as [(String, String?)])
    func aRefreshAnswerIsCheckedAsTheFirst(member: String, json: String?) async throws {
        let harness = try OAuthFlowHarness()
        let grant = try await harness.signIn()
        harness.server.setLies([.tokenMember(member, json)])
        var failure: OAuthError?
        do { _ = try await harness.client.refresh(grant) } catch { failure = error }
        await harness.stop()
        guard case .invalidTokenResponse? = failure else {
            Issue.record("\(member): expected an invalid token response, got \(String(describing: failure))")
            return
        }
    }

    // MARK: Nonces

    /// A server that brings a new nonce with every answer is followed: the client keeps
    /// the latest, so only its very first request is refused for want of one.
    @Test func anAuthorizationServerThatRotatesItsNonceIsFollowed() async throws {
        let harness = try OAuthFlowHarness()
        harness.server.setLies([.newNonceEveryAnswer])
        let grant = try await harness.signIn()
        let renewed = try await harness.client.refresh(grant)
        _ = try await harness.client.refresh(renewed)
        let refusals = harness.server.log.refusals
        await harness.stop()
        #expect(refusals == ["par: use_dpop_nonce (nonce required)"])
    }
}
