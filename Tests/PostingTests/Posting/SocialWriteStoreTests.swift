import ATProto
import ATProtoTestKit
import Foundation
import GrainSupport
import LoggingTestKit
import SQLiteStore
import TestKit
import Testing

@testable import Accounts
@testable import Posting
@testable import SQLiteRepositories
@testable import Social

/// The queue of favourites and comments: an undo waits for what it undoes, unknown kinds
/// are not guessed (HousekeepingTests checks that finished writes are forgotten).
@Suite struct SocialWriteStoreTests {
    let alice: DID = "did:plc:alice11111111111111111111"
    let story: ATURI = "at://did:plc:hbrpoigf3cbfnobm2o4rak3v/social.grain.story/3muojebufwseb"
    let now = Date(timeIntervalSince1970: 1_788_544_800)

    private func open() async throws -> (AppDatabase, SQLiteSocialWriteRepository, String) {
        let directory = ProjectPaths.temporaryDirectory("social-writes")
        let database = try await AppDatabase.open(at: directory + "/grainstories.sqlite3")
        return (database, SQLiteSocialWriteRepository(database: database), directory)
    }

    @Test func anUndoIsNotDueWhileWhatItUndoesIsPending() async throws {
        let (database, store, directory) = try await open()
        let heart = try await store.insert(
            did: alice, pdsURL: "https://pds.example.com", kind: .favorite, rkey: "3mheart00001", subject: story, text: nil, createdAt: Datetime(now), now: now)
        let undo = try await store.insert(
            did: alice, pdsURL: "https://pds.example.com", kind: .unfavorite, rkey: "3mheart00001", subject: story, text: nil, createdAt: Datetime(now),
            now: now)
        #expect(try await store.due(now: now).map(\.id) == [heart.id])
        #expect(try await store.waitsForEarlier(undo))
        var done = heart
        done.status = .done
        try await store.save(done)
        #expect(try await store.due(now: now).map(\.id) == [undo.id])
        #expect(try await store.waitsForEarlier(undo) == false)
        await database.close()
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// A reply keeps the comment it answers and its mention facets, and a heart on a
    /// comment its subject, across a restart (the database closed and opened again), so
    /// the retry sends the same record with the same key.
    @Test func aReplyWithItsMentionsAndAHeartOnACommentAreKeptAcrossARestart() async throws {
        let (database, store, directory) = try await open()
        let comment: ATURI = "at://did:plc:bob222222222222222222222/social.grain.comment/3mcomment0001"
        let mention = RichTextFacet(index: .init(byteStart: 0, byteEnd: 9), features: [.mention("did:plc:bob222222222222222222222")])
        let reply = try await store.insert(
            did: alice, pdsURL: "https://pds.example.com", kind: .comment, rkey: "3mreply000001", subject: story, text: "@bob.test yes",
            replyTo: comment, facets: [mention], createdAt: Datetime(now), now: now)
        let heart = try await store.insert(
            did: alice, pdsURL: "https://pds.example.com", kind: .favorite, rkey: "3mheart00009", subject: comment, text: nil, createdAt: Datetime(now),
            now: now)
        await database.close()

        let reopened = try await AppDatabase.open(at: directory + "/grainstories.sqlite3")
        let again = SQLiteSocialWriteRepository(database: reopened)
        #expect(try await again.find(reply.id) == reply)
        #expect(try await again.find(reply.id)?.replyTo == comment)
        #expect(try await again.find(reply.id)?.facets == [mention])
        #expect(try await again.find(heart.id)?.subject == comment)
        #expect(try await again.due(now: now).map(\.id) == [reply.id, heart.id])
        await #expect(throws: (any Error).self, "the reply's key is created once") {
            _ = try await again.insert(
                did: alice, pdsURL: "https://pds.example.com", kind: .comment, rkey: "3mreply000001", subject: story, text: "again", replyTo: comment,
                facets: nil, createdAt: Datetime(now), now: now)
        }
        await reopened.close()
        try? FileManager.default.removeItem(atPath: directory)
    }

    @Test func aKindThisVersionDoesNotKnowIsAnErrorNotAGuess() async throws {
        let (database, store, directory) = try await open()
        let write = try await store.insert(
            did: alice, pdsURL: "https://pds.example.com", kind: .favorite, rkey: "3mheart00002", subject: story, text: nil, createdAt: Datetime(now), now: now)
        try await database.database.write { db in try db.execute("UPDATE social_writes SET kind = 'repost' WHERE id = ?", [write.id]) }
        await #expect(throws: (any Error).self) { try await store.find(write.id) }
        await database.close()
        try? FileManager.default.removeItem(atPath: directory)
    }
}
