import ATProto
import ATProtoTestKit
import FeatureTestKit
import Foundation
import SQLiteStore
import TestKit
import Testing

@testable import Accounts
@testable import Posting
@testable import SQLiteRepositories
@testable import Social

/// Databases made before publishing moved into the drafts table keep their drafts and
/// their publishing progress; comments waiting from before replies existed stay plain
/// comments.
@Suite struct AppSchemaMigrationTests {
    @Test func version5SocialWritesReadAsCommentsWithoutReplyOrFacets() async throws {
        let directory = ProjectPaths.temporaryDirectory("migration")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/grainstories.sqlite3"
        let old = try await Database(path: path, migrations: Array(AppSchema.migrations.prefix(5)))
        try await old.write { db in
            try db.execute(
                """
                INSERT INTO social_writes (did, pds_url, kind, rkey, subject, text, record_created_at, status, next_attempt_at, queued_at)
                VALUES ('did:plc:alice11111111111111111111', 'https://pds.example.com', 'comment', '3mcomment0001',
                    'at://did:plc:hbrpoigf3cbfnobm2o4rak3v/social.grain.story/3muojebufwseb', 'waiting', '2026-09-04T12:00:00.000Z',
                    'pending', 1788544800, 1788544800)
                """)
        }
        await old.close()

        let migrated = try await AppDatabase.open(at: path)
        let writes = SQLiteSocialWriteRepository(database: migrated)
        let waiting = try #require(try await writes.due(now: Date(timeIntervalSince1970: 1_788_544_800)).first)
        #expect(waiting.text == "waiting")
        #expect(waiting.replyTo == nil)
        #expect(waiting.facets == nil)
        await migrated.close()
    }

    @Test func version1DraftsAndOutboxRowsSurviveTheMove() async throws {
        let directory = ProjectPaths.temporaryDirectory("migration")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/grainstories.sqlite3"
        let old = try await Database(path: path, migrations: Array(AppSchema.migrations.prefix(1)))
        try await old.write { db in
            let insert = """
                INSERT INTO drafts (id, did, story_rkey, post_rkey, photo_path, photo_bytes, width, height, has_gps, gps_cell,
                    place_name, place_cell, place_address, labels, crosspost, state, created_at)
                VALUES (?, 'did:plc:a', ?, ?, ?, 1234, 40, 30, 1, '8a1fb46622dffff', ?, ?, NULL, ?, ?, ?, 1788544800)
                """
            func row(_ values: [any DatabaseValueConvertible]) throws { try db.execute(insert, values) }
            try row(["editing", "3ma1", "3mb1", "/old/drafts/editing.jpg", "Paris", "8a1fb46622dffff", "", false, "draft"])
            try row(["sending", "3ma2", "3mb2", "/old/drafts/sending.jpg", String?.none, String?.none, "nudity", true, "publishing"])
            try row(["done", "3ma3", "3mb3", "/old/drafts/done.jpg", String?.none, String?.none, "", false, "posted"])
            try row(["broken", "3ma4", "3mb4", "/old/drafts/broken.jpg", String?.none, String?.none, "", false, "failed"])
            let outbox = """
                INSERT INTO outbox (draft_id, did, step, record_created_at, blob, story_uri, story_cid, attempts, next_attempt_at, last_error, status)
                VALUES (?, 'did:plc:a', ?, '2026-09-04T12:00:00.000Z', ?, ?, ?, ?, ?, ?, ?)
                """
            let blob = #"{"$type":"blob","ref":{"$link":"bafkreiblob"},"mimeType":"image/jpeg","size":1234}"#
            try db.execute(outbox, ["sending", "story", blob, String?.none, String?.none, 2, 1_788_544_900, "HTTP 500", "pending"])
            try db.execute(outbox, ["done", "done", blob, "at://did:plc:a/social.grain.story/3ma3", "bafyreistory", 0, 1_788_544_800, String?.none, "posted"])
            try db.execute(outbox, ["broken", "upload", String?.none, String?.none, String?.none, 0, 1_788_544_800, "Your PDS refused it", "failed"])
        }
        await old.close()

        let migrated = try await AppDatabase.open(at: path)
        let drafts = SQLiteDraftRepository(database: migrated)
        let editing = try #require(try await drafts.find("editing"))
        #expect(editing.state == .draft)
        #expect(editing.place?.name == "Paris")
        #expect(editing.gpsCell == "8a1fb46622dffff")
        #expect(editing.photoBytes == 1234 && editing.width == 40 && editing.height == 30)
        #expect(try await drafts.progress("editing") == nil, "a draft not yet published has no progress")

        let sending = try #require(try await drafts.find("sending"))
        #expect(sending.state == .publishing)
        #expect(sending.labels == ["nudity"] && sending.crosspost)
        let progress = try #require(try await drafts.progress("sending"))
        #expect(progress.step == .story)
        #expect(progress.status == .pending)
        #expect(progress.attempts.count == 2)
        #expect(progress.attempts.problem == .legacy(text: "HTTP 500"), "an old text reason is kept as a legacy problem")
        #expect(progress.blob?.size == 1234)
        #expect(progress.recordCreatedAt == "2026-09-04T12:00:00.000Z")
        #expect(progress.attempts.nextAt == Date(timeIntervalSince1970: 1_788_544_900))
        #expect(try await drafts.due(now: Date(timeIntervalSince1970: 1_788_545_000)).map(\.draftID) == ["sending"])

        #expect(try await drafts.find("done")?.state == .posted)
        #expect(try await drafts.progress("done")?.storyURI == "at://did:plc:a/social.grain.story/3ma3")
        #expect(try await drafts.posted(since: Date(timeIntervalSince1970: 0)).map(\.id) == ["done"])
        #expect(try await drafts.find("broken")?.state == .failed)
        #expect(try await drafts.progress("broken")?.attempts.problem == .legacy(text: "Your PDS refused it"))

        // The quota counts the same rows as before, and the outbox table is gone.
        #expect(try await drafts.usage(of: "did:plc:a") == DraftQuota.Usage(drafts: 3, bytes: 4 * 1234))
        let tables = try await migrated.database.read { db in try db.query("SELECT name FROM sqlite_master WHERE type = 'table'").map { try $0.string("name") }
        }
        #expect(!tables.contains("outbox"))
        #expect(!tables.contains("drafts_v2"))
        await migrated.close()
    }

    /// Reasons stored as text before problems were values (version 7) read back as
    /// `.legacy` problems, for drafts and for social writes; a new problem is stored in
    /// its encoded form and read back as the same value.
    @Test func version7TextReasonsBecomeLegacyProblemsAndNewOnesRoundTrip() async throws {
        let directory = ProjectPaths.temporaryDirectory("migration")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/grainstories.sqlite3"
        let old = try await Database(path: path, migrations: Array(AppSchema.migrations.prefix(7)))
        try await old.write { db in
            try db.execute(
                """
                INSERT INTO drafts (id, did, pds_url, story_rkey, post_rkey, photo_bytes, width, height, has_gps, labels, crosspost, state,
                    created_at, publish_step, record_created_at, attempts, next_attempt_at, last_error)
                VALUES ('gaveup', 'did:plc:a', 'https://pds.example.com', '3ma1', '3mb1', 1234, 40, 30, 0, '', 0, 'failed',
                    1788544800, 'upload', '2026-09-04T12:00:00.000Z', 12, 1788544800, 'Gave up after 12 tries: xrpc transport: timed out (curl 28)')
                """)
            try db.execute(
                """
                INSERT INTO social_writes (did, pds_url, kind, rkey, subject, text, record_created_at, status, attempts, next_attempt_at,
                    last_error, queued_at)
                VALUES ('did:plc:alice11111111111111111111', 'https://pds.example.com', 'comment', '3mcomment0001',
                    'at://did:plc:hbrpoigf3cbfnobm2o4rak3v/social.grain.story/3muojebufwseb', 'refused', '2026-09-04T12:00:00.000Z',
                    'failed', 0, 1788544800, 'Your PDS refused it: HTTP 400 InvalidRecord', 1788544800)
                """)
        }
        await old.close()

        let migrated = try await AppDatabase.open(at: path)
        let drafts = SQLiteDraftRepository(database: migrated)
        let writes = SQLiteSocialWriteRepository(database: migrated)
        let progress = try #require(try await drafts.progress("gaveup"))
        #expect(progress.attempts.problem == .legacy(text: "Gave up after 12 tries: xrpc transport: timed out (curl 28)"))
        #expect(progress.attempts.count == 12)
        let refused = try #require(try await writes.find(1))
        #expect(refused.attempts.problem == .legacy(text: "Your PDS refused it: HTTP 400 InvalidRecord"))
        // The columns hold the stable encoded form, the old text wrapped as a legacy problem.
        let columns = try await migrated.database.read { db in
            [
                try db.queryOne("SELECT problem FROM drafts WHERE id = 'gaveup'")?.optionalString("problem"),
                try db.queryOne("SELECT problem FROM social_writes WHERE id = 1")?.optionalString("problem"),
            ]
        }
        #expect(
            columns == [
                #"{"kind":"legacy","text":"Gave up after 12 tries: xrpc transport: timed out (curl 28)"}"#,
                #"{"kind":"legacy","text":"Your PDS refused it: HTTP 400 InvalidRecord"}"#,
            ])

        // A problem written now is stored encoded and comes back as the same value.
        var retried = progress
        retried.status = .pending
        try await drafts.retry("gaveup", now: Date(timeIntervalSince1970: 1_788_544_800))
        let problem = WriteProblem.gaveUp(attempts: 12, last: .timedOut(detail: "timed out (curl 28): Operation timed out"))
        retried.attempts.problem = problem
        retried.status = .failed
        #expect(try await drafts.save(retried))
        #expect(try await drafts.progress("gaveup")?.attempts.problem == problem)
        let stored = try await migrated.database.read { db in
            try db.queryOne("SELECT problem FROM drafts WHERE id = 'gaveup'")?.optionalString("problem")
        }
        #expect(stored == problem.stored)
        #expect(stored?.hasPrefix(#"{"attempts":12,"kind":"gaveUp""#) == true, "the stable encoded form: \(stored ?? "")")
        await migrated.close()
    }
}
