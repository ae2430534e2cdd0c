import ATProto
import ATProtoTestKit
import FeatureTestKit
import Foundation
import GrainSupport
import Housekeeping
import LoggingTestKit
import TestKit
import Testing

@testable import Accounts
@testable import Posting
@testable import SQLiteRepositories
@testable import Social

/// What the housekeeper removes and what it keeps: drafts, their photos, sessions, and
/// the favourites and comments already sent.
@Suite struct HousekeeperTests {
    @Test func oldDraftsAndPostedPhotosGoFailedOnesStayAWeek() async throws {
        let harness = try await PublishingHarness()
        func draft(_ state: Draft.State, ageDays: Double) async throws -> Draft {
            let id = DraftID.random()
            try Data([0xFF, 0xD8, 0xFF, 0xD9]).write(to: URL(fileURLWithPath: harness.data.draftPhoto(id)))
            let draft = Draft(
                id: id, did: "did:plc:a", pdsURL: "https://pds.example.com", storyRKey: harness.tids.next().recordKey, postRKey: harness.tids.next().recordKey,
                photoBytes: 4, width: 1, height: 1, gpsCell: nil, place: nil, labels: [], crosspost: false,
                state: state, createdAt: harness.now.addingTimeInterval(-ageDays * 86_400)
            )
            try await harness.drafts.insert(draft)
            return draft
        }
        let fresh = try await draft(.draft, ageDays: 1)
        let abandoned = try await draft(.draft, ageDays: 3)
        let oldPosted = try await draft(.posted, ageDays: 3)
        let failedRecently = try await draft(.failed, ageDays: 3)
        let failedLongAgo = try await draft(.failed, ageDays: 8)
        let account = try await harness.signIn()
        let housekeeper = Housekeeper(
            drafts: harness.drafts, data: harness.data, sessions: harness.sessions, logger: harness.logs.logger(), now: { harness.now })
        #expect(await housekeeper.sweep() == 3)
        for kept in [fresh, failedRecently] {
            #expect(try await harness.drafts.find(kept.id) != nil)
            #expect(FileManager.default.fileExists(atPath: harness.data.draftPhoto(kept.id)))
        }
        for gone in [abandoned, oldPosted, failedLongAgo] {
            #expect(try await harness.drafts.find(gone.id) == nil)
            #expect(!FileManager.default.fileExists(atPath: harness.data.draftPhoto(gone.id)))
        }
        // Sessions are kept while used and forgotten after their idle lifetime.
        #expect(try await harness.sessions.latest(for: account.did, on: account.pdsURL) != nil)
        harness.advance(SessionStore.idleLifetime + 60)
        await housekeeper.sweep()
        #expect(try await harness.sessions.latest(for: account.did, on: account.pdsURL) == nil)
        await harness.stop()
    }

    /// A photo whose draft row is gone (a crash between the two) is removed once it is
    /// an hour old; a newer one may be a draft being made, and a photo with a row stays.
    @Test func photosWithoutADraftGoAfterAnHour() async throws {
        let harness = try await PublishingHarness()
        let housekeeper = Housekeeper(
            drafts: harness.drafts, data: harness.data, sessions: harness.sessions, logger: harness.logs.logger(), now: { harness.now })
        let account = try await harness.signIn()
        let kept = try await harness.queueDraft(did: account.did)
        let orphan = harness.data.draftPhoto("orphan0000000000000000")
        let making = harness.data.draftPhoto("making0000000000000000")
        for path in [orphan, making] { try Data([0xFF, 0xD8, 0xFF, 0xD9]).write(to: URL(fileURLWithPath: path)) }
        let old = harness.now.addingTimeInterval(-3601)
        for path in [orphan, harness.data.draftPhoto(kept.id)] {
            try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: path)
        }
        try FileManager.default.setAttributes([.modificationDate: harness.now.addingTimeInterval(-60)], ofItemAtPath: making)
        await housekeeper.sweep()
        #expect(!FileManager.default.fileExists(atPath: orphan))
        #expect(FileManager.default.fileExists(atPath: making), "a photo whose draft may still be being made stays")
        #expect(FileManager.default.fileExists(atPath: harness.data.draftPhoto(kept.id)), "a draft's photo stays")
        await harness.stop()
    }

    static let alice: DID = "did:plc:alice11111111111111111111"
    static let story: ATURI = "at://did:plc:hbrpoigf3cbfnobm2o4rak3v/social.grain.story/3muojebufwseb"
    static let now = Date(timeIntervalSince1970: 1_788_544_800)

    @Test func theHousekeeperForgetsFinishedWritesAfterTwoDaysAndKeepsPendingOnes() async throws {
        let directory = ProjectPaths.temporaryDirectory("social-writes")
        let database = try await AppDatabase.open(at: directory + "/grainstories.sqlite3")
        let store = SQLiteSocialWriteRepository(database: database)
        let old = Self.now.addingTimeInterval(-3 * 86_400)
        var sent = try await store.insert(
            did: Self.alice, pdsURL: "https://pds.example.com", kind: .comment, rkey: "3mcomment0001", subject: Self.story, text: "sent",
            createdAt: Datetime(old),
            now: old)
        sent.status = .done
        try await store.save(sent)
        let waiting = try await store.insert(
            did: Self.alice, pdsURL: "https://pds.example.com", kind: .comment, rkey: "3mcomment0002", subject: Self.story, text: "waiting",
            createdAt: Datetime(old),
            now: old)
        let recent = try await store.insert(
            did: Self.alice, pdsURL: "https://pds.example.com", kind: .comment, rkey: "3mcomment0003", subject: Self.story, text: "recent",
            createdAt: Datetime(Self.now),
            now: Self.now)
        let sessions = SessionStore(repository: SQLiteSessionRepository(database: database), now: { Self.now })
        let housekeeper = Housekeeper(
            drafts: SQLiteDraftRepository(database: database), data: try DataDirectory.prepare(directory + "/data"), sessions: sessions,
            logger: LogCapture().logger(), now: { Self.now }, socialWrites: store)
        await housekeeper.sweep()
        #expect(try await store.find(sent.id) == nil)
        #expect(try await store.find(waiting.id) != nil, "still to be sent")
        #expect(try await store.find(recent.id) != nil)
        await database.close()
        try? FileManager.default.removeItem(atPath: directory)
    }
}
