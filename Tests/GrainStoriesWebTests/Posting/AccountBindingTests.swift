import ATProtoTestKit
import AppTestKit
import FeatureTestKit
import Foundation
import GrainSupport
import MicroHTTPServer
import Testing

@testable import ATProto
@testable import Accounts
@testable import GrainStoriesWeb
@testable import Posting
@testable import Social

/// Drafts and their publishing belong to the account that made them: its DID on the PDS
/// its session was verified on. A newer session of the same DID on another PDS (an
/// account that moved, or a PDS an operator trusted) never publishes them.
@Suite struct AccountBindingTests {
    /// A session of Alice's DID on `other`, used more recently than her own.
    static func otherSession(_ harness: PublishingHarness, on other: FakePDS) async throws {
        let client = PDSClient(baseURL: other.baseURL, http: harness.http)
        let tokens = try await client.createSession(identifier: "alice.test", password: Secret(FakePDS.Account.alice.password))
        _ = try await harness.sessions.create(tokens, pdsURL: other.baseURL, displayName: nil)
    }

    @Test func aDraftIsPublishedWithASessionOfItsOwnPDSOnly() async throws {
        let harness = try await PublishingHarness()
        let other = try FakePDS(accounts: [.alice], publishesIdentity: false)
        let account = try await harness.signIn()
        harness.clock.advance(600)
        try await Self.otherSession(harness, on: other)
        let draft = try await harness.queueDraft(did: account.did)
        await harness.publisher.runDue()
        #expect(try await harness.drafts.progress(draft.id)?.status == .posted)
        #expect(harness.pds.records("social.grain.story").count == 1)
        #expect(other.records("social.grain.story").isEmpty, "the newer session of the same DID on another PDS was not used")
        other.stop()
        await harness.stop()
    }

    @Test func withoutASessionOnItsPDSADraftWaitsForOne() async throws {
        let harness = try await PublishingHarness()
        let other = try FakePDS(accounts: [.alice], publishesIdentity: false)
        let account = try await harness.signIn()
        try await harness.sessions.delete(idHash: account.idHash)
        try await Self.otherSession(harness, on: other)
        let draft = try await harness.queueDraft(did: account.did)
        await harness.publisher.runDue()
        #expect(try await harness.drafts.progress(draft.id)?.status != .posted)
        #expect(harness.pds.records("social.grain.story").isEmpty)
        #expect(other.records("social.grain.story").isEmpty)
        other.stop()
        await harness.stop()
    }

    @Test func aDraftIsOnlyItsOwnAccountsOnThatPDS() {
        let draft = Draft(
            id: "d", did: "did:plc:alice2222222222222222222", pdsURL: "https://a.example.com", storyRKey: "3mstory222222", postRKey: "3mpost2222222",
            photoBytes: 1, width: 1, height: 1, gpsCell: nil, place: nil, labels: [], crosspost: false, state: .draft, createdAt: Date())
        func account(_ did: DID, _ pds: String) -> AccountSession {
            AccountSession(
                idHash: "h", did: did, handle: nil, displayName: nil, pdsURL: pds,
                tokens: PDSSession(did: did, handle: nil, accessToken: Secret("a"), refreshToken: Secret("r")))
        }
        #expect(draft.belongs(to: account("did:plc:alice2222222222222222222", "https://a.example.com")))
        #expect(!draft.belongs(to: account("did:plc:alice2222222222222222222", "https://b.example.com")))
        #expect(!draft.belongs(to: account("did:plc:bob222222222222222222222", "https://a.example.com")))
    }

    /// A comment waiting for Alice's PDS is sent only with a session of Alice on that
    /// PDS: after she signed out there, a session of her DID on another PDS does not
    /// send it (it ends as "signed out", on neither PDS).
    @Test func aWaitingCommentIsSentOnlyWithASessionOfItsOwnPDS() async throws {
        let h = try await SocialHarness()
        let other = try FakePDS(accounts: [.alice], publishesIdentity: false)
        let alice = try await h.signIn()
        let page = await alice.get(SocialHarness.commentsPath).text
        let token = try #require(CookieJar.csrfToken(in: page))
        h.pds.inject(.internalServerError, on: "com.atproto.repo.createRecord", .always)
        #expect(await alice.post(SocialHarness.commentsPath, form: [("csrf", token), ("text", "Wait for it")]).status == .seeOther)
        let own = try #require(try await h.app.sessions.accounts(in: SessionCookie(parsing: alice["sid"]), plainName: true).first)
        try await h.app.sessions.delete(idHash: own.idHash)
        let tokens = try await PDSClient(baseURL: other.baseURL, http: h.http)
            .createSession(identifier: "alice.test", password: Secret(FakePDS.Account.alice.password))
        _ = try await h.app.sessions.create(tokens, pdsURL: other.baseURL, displayName: nil)
        h.pds.clearFaults()
        h.clock.advance(600)
        await h.app.socialOutbox.runDue()
        #expect(other.records("social.grain.comment").isEmpty, "not sent through another PDS")
        #expect(h.pds.records("social.grain.comment", of: FakePDS.Account.alice.did).isEmpty)
        let writes = try await h.app.socialOutbox.store.unfinished(of: FakePDS.Account.alice.typedDID, kinds: [.comment])
        #expect(writes.isEmpty, "given up as signed out, not left pending")
        other.stop()
        await h.stop()
    }
}
