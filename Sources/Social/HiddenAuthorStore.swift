public import Foundation
public import SQLiteStore
public import ATProto
public import AppStorage

/// The people each account has hidden ("Hide this person's stories"), kept on the
/// server: Grain's own mutes live only inside its AppView, which this server cannot
/// sign in to, so this server keeps its own list. At most `maxPerAccount` people per
/// account, so a script cannot grow the table without end.
public struct HiddenAuthorStore: Sendable {
    public static let maxPerAccount = 2000
    public let database: Database

    public init(database: AppDatabase) { self.database = database.database }

    /// Whom `did` has hidden, most recently hidden first.
    public func hidden(by did: DID) async throws -> [DID] {
        try await database.read { db in
            try db.query("SELECT author FROM hidden_authors WHERE did = ? ORDER BY hidden_at DESC, author", [did])
                .map { try $0.value("author", as: DID.self) }
        }
    }

    /// Hides `author` for `did`; returns false when the list is full (nothing changes).
    @discardableResult
    public func hide(_ author: DID, by did: DID, now: Date) async throws -> Bool {
        let at = Int64((now.timeIntervalSince1970 * 1000).rounded(.down))
        return try await database.write { db in
            let count = try db.query("SELECT COUNT(*) AS n FROM hidden_authors WHERE did = ?", [did]).first?.int64("n") ?? 0
            let known = try db.query("SELECT 1 AS one FROM hidden_authors WHERE did = ? AND author = ?", [did, author]).first != nil
            guard known || count < Int64(HiddenAuthorStore.maxPerAccount) else { return false }
            try db.execute("""
                INSERT INTO hidden_authors (did, author, hidden_at) VALUES (?, ?, ?)
                ON CONFLICT(did, author) DO NOTHING
                """, [did, author, at])
            return true
        }
    }

    public func unhide(_ author: DID, by did: DID) async throws {
        try await database.write { db in
            try db.execute("DELETE FROM hidden_authors WHERE did = ? AND author = ?", [did, author])
        }
    }
}
