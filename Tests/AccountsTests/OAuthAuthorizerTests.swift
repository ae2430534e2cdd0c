import ATProto
import ATProtoTestKit
import Accounts
import Foundation
import GrainSupport
import OAuthClient
import OAuthTestKit
import P256
import Testing

/// The OAuth authorizer on a real PDS connection against the stand-in PDS: DPoP with
/// `ath` and the PDS's own nonce, refreshing in the middle of a write, one refresh at a
/// time, and the session ending when the server says so.
@Suite(.serialized) struct OAuthAuthorizerTests {
    struct Story: Encodable {
        var text: String
    }

    static let collection = NSID("social.grain.story")!

    /// A signed-in harness, an authorizer over its grant, and a connection to its PDS.
    static func signedIn() async throws -> (OAuthFlowHarness, OAuthAuthorizer, any PDSConnection, OAuthGrantFiles) {
        let harness = try OAuthFlowHarness()
        let grant = try await harness.signIn()
        let store = try OAuthGrantFiles(directory: FileManager.default.temporaryDirectory.path + "/oauth-" + OAuthRandom.token(byteCount: 8))
        try await store.save(grant, sessionKey: "session1")
        let authorizer = OAuthAuthorizer(sessionKey: "session1", grant: grant, client: harness.client, store: store, refresher: .init())
        let connection = CurlPDSConnector(http: harness.http).connection(to: harness.server.pdsURL, authorizer: authorizer)
        return (harness, authorizer, connection, store)
    }

    @Test func aWriteCarriesADPoPBoundTokenAndLearnsThePDSNonce() async throws {
        let (harness, _, connection, _) = try await Self.signedIn()
        _ = try await connection.createRecord(
            repo: DID(OAuthFlowHarness.did)!, collection: Self.collection, rkey: RecordKey("3kstory1"), record: Story(text: "hi"))
        _ = try await connection.createRecord(
            repo: DID(OAuthFlowHarness.did)!, collection: Self.collection, rkey: RecordKey("3kstory2"), record: Story(text: "again"))
        let log = harness.server.log
        let records = harness.server.records
        await harness.stop()
        #expect(records.map(\.rkey) == ["3kstory1", "3kstory2"])
        // Only the very first PDS request lacked the PDS's nonce (the AS's is another).
        #expect(log.refusals.filter { $0.hasPrefix("pds:") } == ["pds: use_dpop_nonce (nonce required)"])
    }

    @Test func aTokenThatExpiresBetweenQueueingAndSendingIsRenewedAndTheWriteHappensOnce() async throws {
        let (harness, authorizer, connection, store) = try await Self.signedIn()
        let before = try #require(try await store.grant(sessionKey: "session1"))
        harness.server.expireAccessTokens()
        _ = try await connection.createRecord(
            repo: DID(OAuthFlowHarness.did)!, collection: Self.collection, rkey: RecordKey("3kstory1"), record: Story(text: "hi"))
        let stored = try #require(try await store.grant(sessionKey: "session1"))
        let current = try await authorizer.current()
        let log = harness.server.log
        let records = harness.server.records
        await harness.stop()
        #expect(records.count == 1)
        #expect(log.refreshTokensPresented == [before.refreshToken!.revealed])
        #expect(stored.refreshToken == current.refreshToken)
        #expect(stored.refreshToken != before.refreshToken)
        #expect(stored.dpopKey.publicKey == before.dpopKey.publicKey)
    }

    @Test func concurrentRequestsWithAnExpiredTokenRefreshOnlyOnce() async throws {
        let (harness, _, connection, _) = try await Self.signedIn()
        // Even a server that would take a reused refresh token sees each one once.
        harness.server.setLies([.acceptReusedRefreshTokens])
        harness.server.expireAccessTokens()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<5 {
                group.addTask {
                    _ = try await connection.createRecord(
                        repo: DID(OAuthFlowHarness.did)!, collection: Self.collection, rkey: RecordKey("3kstory\(index)"), record: Story(text: "\(index)"))
                }
            }
            try await group.waitForAll()
        }
        let log = harness.server.log
        let records = harness.server.records
        await harness.stop()
        #expect(records.count == 5)
        #expect(log.refreshTokensPresented.count == 1)
    }

    @Test func aRevokedSessionSignsOutAndItsGrantIsForgotten() async throws {
        let (harness, authorizer, connection, store) = try await Self.signedIn()
        await harness.client.revoke(try await authorizer.current())
        await #expect {
            _ = try await connection.createRecord(
                repo: DID(OAuthFlowHarness.did)!, collection: Self.collection, rkey: RecordKey("3kstory1"), record: Story(text: "hi"))
        } throws: { error in
            if case PDSCallFailure.signedOut = error { return true }
            return false
        }
        let left = try await store.grant(sessionKey: "session1")
        await harness.stop()
        #expect(left == nil)
    }

    @Test func signingOutRevokesAtTheAuthorizationServerAndForgetsTheGrant() async throws {
        let (harness, authorizer, _, store) = try await Self.signedIn()
        let grant = try await authorizer.current()
        await authorizer.endSession()
        let revoked = harness.server.isRevoked(grantOf: grant.refreshToken!.revealed)
        let left = try await store.grant(sessionKey: "session1")
        await harness.stop()
        #expect(revoked)
        #expect(left == nil)
    }
}
