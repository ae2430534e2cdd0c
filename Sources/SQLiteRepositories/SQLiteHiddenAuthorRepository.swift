package import ATProto
package import FoundationEssentials
import SQLiteStore
import Social

/// `HiddenAuthorRepository` over the `hidden_authors` table; the count and the insert
/// share one write transaction, so concurrent hides cannot pass the limit together.
package struct SQLiteHiddenAuthorRepository: HiddenAuthorRepository {
    let database: Database

    package init(database: AppDatabase) { self.database = database.database }

    /// Whom `did` has hidden, most recently hidden first.
    package func hidden(by did: DID) async throws -> [DID] {
        try await database.read { db in
            try db.query("SELECT author FROM hidden_authors WHERE did = ? ORDER BY hidden_at DESC, author", [did])
                .map { try $0.value("author", as: DID.self) }
        }
    }

    /// Hides `author` for `did`; returns false when the list is full (nothing changes).
    @discardableResult
    package func hide(_ author: DID, by did: DID, now: Date, limit: Int) async throws -> Bool {
        let at = Int64((now.timeIntervalSince1970 * 1000).rounded(.down))
        return try await database.write { db in
            let count = try db.query("SELECT COUNT(*) AS n FROM hidden_authors WHERE did = ?", [did]).first?.int64("n") ?? 0
            let known = try db.query("SELECT 1 AS one FROM hidden_authors WHERE did = ? AND author = ?", [did, author]).first != nil
            guard known || count < Int64(limit) else { return false }
            try db.execute(
                """
                INSERT INTO hidden_authors (did, author, hidden_at) VALUES (?, ?, ?)
                ON CONFLICT(did, author) DO NOTHING
                """, [did, author, at])
            return true
        }
    }

    package func unhide(_ author: DID, by did: DID) async throws {
        try await database.write { db in
            try db.execute("DELETE FROM hidden_authors WHERE did = ? AND author = ?", [did, author])
        }
    }
}
