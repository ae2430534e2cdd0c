public import Foundation
import SQLiteStore

/// The publish outbox in the database.
public struct OutboxStore: Sendable {
    let database: Database

    public init(database: AppDatabase) { self.database = database.database }

    /// Queues a draft for publishing (idempotent: queuing twice keeps the first entry).
    public func enqueue(draftID: String, did: String, createdAt: String, now: Date) async throws {
        try await database.write { db in
            try db.execute("""
                INSERT OR IGNORE INTO outbox (draft_id, did, step, record_created_at, attempts, next_attempt_at, status)
                VALUES (?, ?, 'profile', ?, 0, ?, 'pending')
                """, [draftID, did, createdAt, Int64(now.timeIntervalSince1970)])
            try db.execute("UPDATE drafts SET state = 'publishing' WHERE id = ? AND state IN ('draft', 'failed')", [draftID])
        }
    }

    public func entry(_ draftID: String) async throws -> OutboxEntry? {
        try await database.read { db in try db.queryOne("SELECT * FROM outbox WHERE draft_id = ?", [draftID]).map(OutboxStore.entry(from:)) }
    }

    /// Pending entries whose next attempt is due, oldest first.
    public func due(now: Date, limit: Int = 8) async throws -> [OutboxEntry] {
        try await database.read { db in
            try db.query("SELECT * FROM outbox WHERE status = 'pending' AND next_attempt_at <= ? ORDER BY next_attempt_at LIMIT ?",
                         [Int64(now.timeIntervalSince1970), limit]).map(OutboxEntry.init(row:))
        }
    }

    /// When the next pending entry is due, if any.
    public func nextDue() async throws -> Date? {
        try await database.read { db in
            try db.queryOne("SELECT MIN(next_attempt_at) AS next FROM outbox WHERE status = 'pending'")?
                .optionalInt64("next").map { Date(timeIntervalSince1970: TimeInterval($0)) }
        }
    }

    /// Stores the entry's progress (and the draft's matching state) in one transaction.
    public func save(_ entry: OutboxEntry) async throws {
        let blob = entry.blob.flatMap { try? JSONEncoder.atproto.encode($0) }.map { String(decoding: $0, as: UTF8.self) }
        let draftState: String = switch entry.status {
        case .pending: "publishing"
        case .posted: "posted"
        case .failed: "failed"
        }
        try await database.write { db in
            try db.execute("""
                UPDATE outbox SET step = ?, blob = ?, story_uri = ?, story_cid = ?, attempts = ?, next_attempt_at = ?, last_error = ?, status = ?
                WHERE draft_id = ?
                """, [entry.step.rawValue, blob, entry.storyURI, entry.storyCID, entry.attempts, Int64(entry.nextAttemptAt.timeIntervalSince1970),
                      entry.lastError, entry.status.rawValue, entry.draftID])
            try db.execute("UPDATE drafts SET state = ? WHERE id = ?", [draftState, entry.draftID])
        }
    }

    /// Puts a failed entry back in the queue at its current step (the retry button).
    public func retry(_ draftID: String, now: Date) async throws {
        try await database.write { db in
            try db.execute("UPDATE outbox SET status = 'pending', attempts = 0, next_attempt_at = ?, last_error = NULL WHERE draft_id = ? AND status = 'failed'",
                           [Int64(now.timeIntervalSince1970), draftID])
            try db.execute("UPDATE drafts SET state = 'publishing' WHERE id = ? AND state = 'failed'", [draftID])
        }
    }

    static func entry(from row: Row) throws -> OutboxEntry { try OutboxEntry(row: row) }
}

extension OutboxEntry {
    init(row: Row) throws {
        draftID = try row.string("draft_id")
        did = try row.string("did")
        step = Step(rawValue: try row.string("step")) ?? .profile
        recordCreatedAt = try row.string("record_created_at")
        blob = try row.optionalString("blob").flatMap { try? JSONDecoder().decode(BlobRef.self, from: Data($0.utf8)) }
        storyURI = try row.optionalString("story_uri")
        storyCID = try row.optionalString("story_cid")
        attempts = try row.int("attempts")
        nextAttemptAt = Date(timeIntervalSince1970: TimeInterval(try row.int64("next_attempt_at")))
        lastError = try row.optionalString("last_error")
        status = Status(rawValue: try row.string("status")) ?? .pending
    }
}
