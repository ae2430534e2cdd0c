package import ATProto
import Accounts
package import FoundationEssentials
package import SQLiteStore
package import Social

/// `SocialWriteRepository` over the `social_writes` table. Every change of a write's
/// state is one statement; a partial unique index refuses a second creation of a record
/// (`social_writes_created`), and ids are SQLite's growing row ids.
package struct SQLiteSocialWriteRepository: SocialWriteRepository {
    let database: Database

    package init(database: AppDatabase) { self.database = database.database }

    /// Stores a new write, pending and due now, and returns it with its id.
    package func insert(
        did: DID, pdsURL: String, kind: SocialWrite.Kind, rkey: RecordKey, subject: ATURI, text: String?, replyTo: ATURI?,
        facets: [RichTextFacet]?, createdAt: Datetime, now: Date
    ) async throws -> SocialWrite {
        let seconds = Int64(now.timeIntervalSince1970)
        let facetsJSON = try facets.map { String(decoding: try JSONEncoder().encode($0), as: UTF8.self) }
        let id = try await database.write { db in
            try db.execute(
                """
                INSERT INTO social_writes (did, pds_url, kind, rkey, subject, text, reply_to, facets, record_created_at, status,
                    next_attempt_at, queued_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?)
                """, [did, pdsURL, kind.rawValue, rkey, subject, text, replyTo, facetsJSON, createdAt, seconds, seconds])
            return db.lastInsertRowID
        }
        return SocialWrite(
            id: id, did: did, pdsURL: pdsURL, kind: kind, rkey: rkey, subject: subject, text: text, replyTo: replyTo, facets: facets,
            recordCreatedAt: createdAt, attempts: WriteAttempts(nextAt: Date(timeIntervalSince1970: TimeInterval(seconds))),
            queuedAt: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }

    package func find(_ id: Int64) async throws -> SocialWrite? {
        try await database.read { db in try db.queryOne("SELECT * FROM social_writes WHERE id = ?", [id]).map(Self.write(from:)) }
    }

    /// Pending writes whose attempt is due, oldest first; a write waits while an earlier
    /// write of the same record is pending, so "undo" never overtakes what it undoes.
    package func due(now: Date, limit: Int) async throws -> [SocialWrite] {
        try await database.read { db in
            try db.query(
                """
                SELECT * FROM social_writes w WHERE status = 'pending' AND next_attempt_at <= ?
                AND NOT EXISTS (SELECT 1 FROM social_writes e WHERE e.did = w.did AND e.rkey = w.rkey AND e.id < w.id AND e.status = 'pending')
                ORDER BY id LIMIT ?
                """, [Int64(now.timeIntervalSince1970), limit]
            ).map(Self.write(from:))
        }
    }

    /// Whether an earlier write of the same record is still pending (then this one waits).
    package func waitsForEarlier(_ write: SocialWrite) async throws -> Bool {
        try await database.read { db in
            try db.queryOne(
                "SELECT 1 AS one FROM social_writes WHERE did = ? AND rkey = ? AND id < ? AND status = 'pending' LIMIT 1",
                [write.did, write.rkey, write.id]) != nil
        }
    }

    /// When the next pending write is due, if any.
    package func nextDue() async throws -> Date? {
        try await database.read { db in
            try db.queryOne("SELECT MIN(next_attempt_at) AS next FROM social_writes WHERE status = 'pending'")?
                .optionalInt64("next").map { Date(timeIntervalSince1970: TimeInterval($0)) }
        }
    }

    /// Stores an attempt's outcome while the write is still pending.
    package func save(_ write: SocialWrite) async throws {
        try await database.write { db in
            try db.execute(
                """
                UPDATE social_writes SET status = ?, attempts = ?, next_attempt_at = ?, problem = ?
                WHERE id = ? AND status = 'pending'
                """,
                [write.status.rawValue, write.attempts.count, Int64(write.attempts.nextAt.timeIntervalSince1970), write.attempts.problem, write.id])
        }
    }

    /// `did`'s writes not yet done (pending or failed), oldest first: what their own
    /// repository does not show yet.
    package func unfinished(of did: DID, kinds: [SocialWrite.Kind]) async throws -> [SocialWrite] {
        let list = kinds.map { "'\($0.rawValue)'" }.joined(separator: ",")
        return try await database.read { db in
            try db.query("SELECT * FROM social_writes WHERE did = ? AND status = 'pending' AND kind IN (\(list)) ORDER BY id", [did])
                .map(Self.write(from:))
        }
    }

    /// The comment writes on `subject` queued since `since` that are not failed, oldest
    /// first: pages merge them into the AppView's list until it has them.
    package func comments(on subject: ATURI, since: Date) async throws -> [SocialWrite] {
        try await database.read { db in
            try db.query(
                """
                SELECT * FROM social_writes WHERE subject = ? AND kind IN ('comment', 'uncomment') AND status != 'failed' AND queued_at >= ?
                ORDER BY id
                """, [subject, Int64(since.timeIntervalSince1970)]
            ).map(Self.write(from:))
        }
    }

    /// `did`'s comment write with record key `rkey`, if this server made it.
    package func comment(of did: DID, rkey: RecordKey) async throws -> SocialWrite? {
        try await database.read { db in
            try db.queryOne("SELECT * FROM social_writes WHERE did = ? AND rkey = ? AND kind = 'comment'", [did, rkey]).map(Self.write(from:))
        }
    }

    /// Forgets finished writes queued before `before` (the housekeeper's business: by
    /// then the AppView lists or has dropped them).
    package func deleteFinished(before: Date) async throws {
        try await database.write { db in
            try db.execute("DELETE FROM social_writes WHERE status != 'pending' AND queued_at < ?", [Int64(before.timeIntervalSince1970)])
        }
    }
}

extension SQLiteSocialWriteRepository {
    /// Reads a `social_writes` row.
    static func write(from row: Row) throws -> SocialWrite {
        SocialWrite(
            id: try row.int64("id"), did: try row.value("did", as: DID.self), pdsURL: try row.string("pds_url"),
            kind: try row.value("kind", as: SocialWrite.Kind.self), rkey: try row.value("rkey", as: RecordKey.self),
            subject: try row.value("subject", as: ATURI.self), text: try row.optionalString("text"),
            replyTo: try row.optionalString("reply_to").flatMap { ATURI($0) },
            facets: try row.optionalString("facets").flatMap { try? JSONDecoder().decode([RichTextFacet].self, from: Data($0.utf8)) },
            recordCreatedAt: try row.value("record_created_at", as: Datetime.self),
            status: try row.value("status", as: SocialWrite.Status.self),
            attempts: WriteAttempts(
                count: try row.int("attempts"), nextAt: Date(timeIntervalSince1970: TimeInterval(try row.int64("next_attempt_at"))),
                problem: try row.value("problem", as: WriteProblem?.self)),
            queuedAt: Date(timeIntervalSince1970: TimeInterval(try row.int64("queued_at")))
        )
    }
}

/// Kinds and states are stored as their names; a name this version does not know is a
/// `RowDecodingError`, not a guess.
extension SocialWrite.Kind: DatabaseValueConvertible {
    package var databaseValue: DatabaseValue { .text(rawValue) }
    package static func fromDatabaseValue(_ value: DatabaseValue) -> Self? {
        guard case .text(let text) = value else { return nil }
        return Self(rawValue: text)
    }
}

extension SocialWrite.Status: DatabaseValueConvertible {
    package var databaseValue: DatabaseValue { .text(rawValue) }
    package static func fromDatabaseValue(_ value: DatabaseValue) -> Self? {
        guard case .text(let text) = value else { return nil }
        return Self(rawValue: text)
    }
}
