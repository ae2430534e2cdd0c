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
/// time, the account checked again after every refresh, and the session ending when the
/// server (or the account's identity) says so.
@Suite(.serialized) struct OAuthAuthorizerTests {
    struct Story: Encodable {
        var text: String
    }

    static let collection = NSID("social.grain.story")!

    /// A signed-in harness, an authorizer over its grant (read from the store when first
    /// needed, as the server's are), and a connection to its PDS; the account's identity
    /// (`directory`) says it lives on the harness's PDS.
    static func signedIn(
        directory: DirectoryStandIn = DirectoryStandIn()
    ) async throws -> (OAuthFlowHarness, OAuthAuthorizer, any PDSConnection, OAuthGrantFiles) {
        let harness = try OAuthFlowHarness()
        let grant = try await harness.signIn()
        directory.publish(did: OAuthFlowHarness.did, handle: OAuthFlowHarness.handle, pds: harness.server.pdsURL)
        let store = try OAuthGrantFiles(directory: FileManager.default.temporaryDirectory.path + "/oauth-" + OAuthRandom.token(byteCount: 8))
        try await store.save(grant, sessionKey: "session1")
        let authorizer = OAuthAuthorizer(
            sessionKey: "session1", grant: nil, client: harness.client, store: store, refresher: .init(),
            identityCheck: OAuthIdentityCheck(identity: directory, client: harness.client))
        let connection = CurlPDSConnector(http: harness.http).connection(to: harness.server.pdsURL, authorizer: authorizer)
        return (harness, authorizer, connection, store)
    }

    static func write(_ connection: any PDSConnection, _ rkey: String) async throws {
        _ = try await connection.createRecord(repo: DID(OAuthFlowHarness.did)!, collection: Self.collection, rkey: RecordKey(rkey), record: Story(text: rkey))
    }

    /// Whether `body` threw `PDSCallFailure.signedOut`.
    static func signsOut(_ body: () async throws -> Void) async -> Bool {
        do {
            try await body()
            return false
        } catch {
            if case PDSCallFailure.signedOut = error { return true }
            return false
        }
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

    // MARK: The account checked again after every refresh

    /// The account moved to another PDS: the refresh (at the old authorization server)
    /// is followed by a fresh resolution, which ends the session; the write that asked
    /// for the refresh is not sent, the renewed tokens are revoked, the grant forgotten.
    @Test func anAccountThatMovedIsSignedOutAtTheRefreshAndTheWriteIsNotSent() async throws {
        let directory = DirectoryStandIn()
        let (harness, authorizer, connection, store) = try await Self.signedIn(directory: directory)
        try await Self.write(connection, "3kstory1")
        directory.publish(did: OAuthFlowHarness.did, handle: OAuthFlowHarness.handle, pds: "https://pds.elsewhere.example")
        harness.server.expireAccessTokens()
        let signedOut = await Self.signsOut { try await Self.write(connection, "3kstory2") }
        let revoked = harness.server.log.revocations
        let presented = harness.server.log.refreshTokensPresented.count
        let records = harness.server.records
        let left = try await store.grant(sessionKey: "session1")
        let later = await Self.signsOut { try await Self.write(connection, "3kstory3") }
        let presentedLater = harness.server.log.refreshTokensPresented.count
        _ = authorizer
        await harness.stop()
        #expect(signedOut)
        #expect(presented == 1, "refreshed once, at the grant's own server")
        #expect(records.map(\.rkey) == ["3kstory1"], "nothing was written after the account moved")
        #expect(revoked >= 1, "the renewed tokens were revoked")
        #expect(left == nil)
        #expect(later, "and it stays signed out")
        #expect(presentedLater == presented, "without another refresh")
    }

    /// The PDS is still the account's, but its protected-resource metadata now names
    /// another authorization server: the grant's issuer no longer speaks for it.
    @Test func aPDSNowProtectedByAnotherIssuerEndsTheSessionAtTheRefresh() async throws {
        let (harness, _, connection, store) = try await Self.signedIn()
        harness.server.setLies([.protectedResourceServer("http://127.0.0.1:9")])
        harness.server.expireAccessTokens()
        let signedOut = await Self.signsOut { try await Self.write(connection, "3kstory1") }
        let records = harness.server.records
        let left = try await store.grant(sessionKey: "session1")
        await harness.stop()
        #expect(signedOut)
        #expect(records.isEmpty)
        #expect(left == nil)
    }

    /// While the directory cannot be reached the renewed grant is kept (its refresh
    /// token is the unspent one) but nothing is sent with it; once the directory answers
    /// again, the check passes and the write goes out, without another refresh.
    @Test func whileTheDirectoryIsDownTheRenewedGrantWaitsAndNothingIsSent() async throws {
        let directory = DirectoryStandIn()
        let (harness, _, connection, store) = try await Self.signedIn(directory: directory)
        directory.setDown(true)
        harness.server.expireAccessTokens()
        var waited = false
        do {
            try await Self.write(connection, "3kstory1")
        } catch PDSCallFailure.identity(.unreachable) {
            waited = true
        }
        let pending = try #require(try await store.grant(sessionKey: "session1"))
        let recordsWhileDown = harness.server.records
        // Still down: the next write is held back too, without a refresh.
        var heldBack = false
        do {
            try await Self.write(connection, "3kstory2")
        } catch PDSCallFailure.identity(.unreachable) {
            heldBack = true
        }
        let recordsStillDown = harness.server.records
        directory.setDown(false)
        try await Self.write(connection, "3kstory3")
        let checked = try #require(try await store.grant(sessionKey: "session1"))
        let log = harness.server.log
        let records = harness.server.records
        await harness.stop()
        #expect(waited)
        #expect(heldBack)
        #expect(pending.awaitsIdentityCheck)
        #expect(recordsWhileDown.isEmpty && recordsStillDown.isEmpty, "nothing was sent before the account was checked")
        #expect(records.map(\.rkey) == ["3kstory3"])
        #expect(log.refreshTokensPresented.count == 1)
        #expect(!checked.awaitsIdentityCheck)
        #expect(checked.refreshToken == pending.refreshToken)
    }

    /// The handle is checked both ways again: one the account's document still claims
    /// and that resolves back stays; one that now resolves to someone else is dropped,
    /// and the session goes on (shown by its DID).
    @Test func theHandleIsCheckedBothWaysAgainAndDroppedWhenItNoLongerPointsBack() async throws {
        let harness = try OAuthFlowHarness()
        let grant = try await harness.signIn()
        let directory = DirectoryStandIn()
        directory.publish(did: OAuthFlowHarness.did, handle: OAuthFlowHarness.handle, pds: harness.server.pdsURL)
        let check = OAuthIdentityCheck(identity: directory, client: harness.client)
        let before = await check.check(grant)
        directory.pointHandle(OAuthFlowHarness.handle, to: "did:plc:someoneelseaaaaaaaaaaaaa")
        let after = await check.check(grant)
        directory.publish(did: OAuthFlowHarness.did, handle: OAuthFlowHarness.handle, pds: "https://pds.elsewhere.example")
        let moved = await check.check(grant)
        await harness.stop()
        guard case .verified(let kept) = before, case .verified(let dropped) = after else {
            Issue.record("expected both verified: \(before), \(after)")
            return
        }
        #expect(kept == Handle(OAuthFlowHarness.handle))
        #expect(dropped == nil)
        guard case .ended = moved else {
            Issue.record("a moved account must end the session, got \(moved)")
            return
        }
    }

    /// A server that gives a new nonce with every answer is followed: each request uses
    /// the latest one, so only the very first PDS request is refused for want of it.
    @Test func aPDSThatRotatesItsNonceOnEveryAnswerIsFollowed() async throws {
        let (harness, _, connection, _) = try await Self.signedIn()
        harness.server.setLies([.newNonceEveryAnswer])
        for index in 1...3 { try await Self.write(connection, "3kstory\(index)") }
        let log = harness.server.log
        let records = harness.server.records
        await harness.stop()
        #expect(records.count == 3)
        #expect(log.refusals.filter { $0.hasPrefix("pds:") } == ["pds: use_dpop_nonce (nonce required)"])
    }
}
