package import ATProto
package import Activity
package import FoundationEssentials
import SQLiteStore

/// `ActivityRepository` over the `activity`, `activity_deleted`, `activity_accounts` and
/// `activity_cursor` tables (migration 10).
package struct SQLiteActivityRepository: ActivityRepository {
    let database: Database

    package init(database: AppDatabase) { self.database = database.database }

    static func milliseconds(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded(.down)) }

    package func add(_ item: ActivityItem) async throws -> Bool {
        try await database.write { db in
            guard try db.queryOne("SELECT 1 AS one FROM activity_deleted WHERE record = ?", [item.record]) == nil else { return false }
            try db.execute(
                """
                INSERT INTO activity (recipient, record, kind, actor, story, comment, text, at_ms)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(recipient, record) DO NOTHING
                """,
                [item.recipient, item.record, item.kind.rawValue, item.actor, item.story, item.comment, item.text, Self.milliseconds(item.at)])
            return db.changes > 0
        }
    }

    package func recordDeleted(_ record: ATURI, at date: Date) async throws {
        try await database.write { db in
            try db.execute("UPDATE activity SET deleted = 1 WHERE record = ?", [record])
            try db.execute("INSERT INTO activity_deleted (record, at_ms) VALUES (?, ?) ON CONFLICT(record) DO NOTHING", [record, Self.milliseconds(date)])
        }
    }

    package func actorGone(_ actor: DID, at date: Date) async throws {
        try await database.write { db in
            try db.execute("UPDATE activity SET deleted = 1 WHERE actor = ?", [actor])
        }
    }

    package func items(for recipient: DID, limit: Int) async throws -> [ActivityItem] {
        try await database.read { db in
            try db.query(
                """
                SELECT recipient, record, kind, actor, story, comment, text, at_ms FROM activity
                WHERE recipient = ? AND deleted = 0 ORDER BY at_ms DESC, record LIMIT ?
                """, [recipient, Int64(limit)]
            ).map { row in
                ActivityItem(
                    recipient: try row.value("recipient", as: DID.self),
                    kind: ActivityKind(rawValue: try row.string("kind")) ?? .heartOnStory,
                    actor: try row.value("actor", as: DID.self), record: try row.value("record", as: ATURI.self),
                    story: try row.value("story", as: ATURI.self), comment: try row.value("comment", as: ATURI?.self),
                    text: try row.optionalString("text"),
                    at: Date(timeIntervalSince1970: TimeInterval(try row.int64("at_ms")) / 1000))
            }
        }
    }

    package func unseenCount(for recipient: DID) async throws -> Int {
        try await database.read { db in
            try db.queryOne(
                """
                SELECT COUNT(*) AS n FROM activity WHERE recipient = ? AND deleted = 0
                AND at_ms > COALESCE((SELECT seen_at_ms FROM activity_accounts WHERE did = ?), 0)
                """, [recipient, recipient])?.int("n") ?? 0
        }
    }

    package func markSeen(_ recipient: DID, at date: Date) async throws {
        try await database.write { db in
            try db.execute(
                """
                INSERT INTO activity_accounts (did, seen_at_ms) VALUES (?, ?)
                ON CONFLICT(did) DO UPDATE SET seen_at_ms = MAX(seen_at_ms, excluded.seen_at_ms)
                """, [recipient, Self.milliseconds(date)])
        }
    }

    package func lastLook(_ recipient: DID) async throws -> Date? {
        try await database.read { db in
            try db.queryOne("SELECT seen_at_ms FROM activity_accounts WHERE did = ? AND seen_at_ms > 0", [recipient])
                .map { Date(timeIntervalSince1970: TimeInterval(try $0.int64("seen_at_ms")) / 1000) }
        }
    }

    package func prune(before cutoff: Date) async throws {
        try await database.write { db in
            try db.execute("DELETE FROM activity WHERE at_ms < ?", [Self.milliseconds(cutoff)])
            try db.execute("DELETE FROM activity_deleted WHERE at_ms < ?", [Self.milliseconds(cutoff)])
        }
    }

    package func cursor() async throws -> Int64? {
        try await database.read { db in try db.queryOne("SELECT time_us FROM activity_cursor WHERE id = 1")?.int64("time_us") }
    }

    package func setCursor(_ timeMicroseconds: Int64) async throws {
        try await database.write { db in
            try db.execute(
                """
                INSERT INTO activity_cursor (id, time_us) VALUES (1, ?)
                ON CONFLICT(id) DO UPDATE SET time_us = MAX(time_us, excluded.time_us)
                """, [timeMicroseconds])
        }
    }

    package func sharesViews(_ account: DID) async throws -> Bool {
        try await database.read { db in
            try db.queryOne("SELECT shares_views FROM activity_accounts WHERE did = ?", [account])?.bool("shares_views") ?? true
        }
    }

    package func setSharesViews(_ account: DID, _ shares: Bool) async throws {
        try await database.write { db in
            try db.execute(
                """
                INSERT INTO activity_accounts (did, shares_views) VALUES (?, ?)
                ON CONFLICT(did) DO UPDATE SET shares_views = excluded.shares_views
                """, [account, shares])
        }
    }
}
