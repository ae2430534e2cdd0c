package import ATProto
package import FoundationEssentials
import SQLiteStore
package import Viewing

/// `SeenRepository` over the `seen` table: one row per account and author.
package struct SQLiteSeenRepository: SeenRepository {
    let database: Database

    package init(database: AppDatabase) { self.database = database.database }

    package func state(for did: DID) async throws -> SeenState {
        try await database.read { db in
            let rows = try db.query("SELECT author, newest_ms FROM seen WHERE did = ?", [did])
            var newest: [DID: Int64] = [:]
            for row in rows { newest[try row.value("author", as: DID.self)] = try row.int64("newest_ms") }
            return SeenState(newestSeen: newest)
        }
    }

    /// Records a seen story (keeping the newer time) and forgets entries past retention.
    package func record(did: DID, author: DID, newestMilliseconds: Int64, now: Date) async throws {
        let cutoff = Int64((now.timeIntervalSince1970 - SeenState.retention) * 1000)
        try await database.write { db in
            try db.execute(
                """
                INSERT INTO seen (did, author, newest_ms) VALUES (?, ?, ?)
                ON CONFLICT(did, author) DO UPDATE SET newest_ms = MAX(newest_ms, excluded.newest_ms)
                """, [did, author, newestMilliseconds])
            try db.execute("DELETE FROM seen WHERE did = ? AND newest_ms < ?", [did, cutoff])
        }
    }

    package func viewers(of author: DID, createdAtMilliseconds: Int64) async throws -> [DID] {
        try await database.read { db in
            try db.query("SELECT did FROM seen WHERE author = ? AND newest_ms >= ? AND did != ? ORDER BY did", [author, createdAtMilliseconds, author])
                .map { try $0.value("did", as: DID.self) }
        }
    }
}
