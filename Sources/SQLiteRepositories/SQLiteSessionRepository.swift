package import ATProto
package import Accounts
package import FoundationEssentials
import GrainSupport
import OAuthClient
import SQLiteStore

/// `SessionRepository` over the `sessions` table. Times are whole seconds since 1970;
/// an account without a handle has its DID in the `handle` column (older rows did too),
/// which reads back as no handle.
package struct SQLiteSessionRepository: SessionRepository {
    let database: Database

    package init(database: AppDatabase) { self.database = database.database }

    package func accountsByIDHash() async throws -> [String: DID] {
        try await database.read { db in
            var accounts: [String: DID] = [:]
            for row in try db.query("SELECT id_hash, did FROM sessions") { accounts[try row.string("id_hash")] = try row.value("did", as: DID.self) }
            return accounts
        }
    }

    package func insert(_ session: AccountSession, at time: Date) async throws {
        let seconds = Int64(time.timeIntervalSince1970)
        try await database.write { db in
            try db.execute(
                """
                INSERT INTO sessions (id_hash, did, handle, display_name, pds_url, access_token, refresh_token, created_at, last_used_at,
                    kind, oauth_scope, host_cookie)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    session.idHash, session.did, session.handle?.rawValue ?? session.did.rawValue, session.displayName, session.pdsURL,
                    session.tokens.accessToken.revealed, session.tokens.refreshToken.revealed, seconds, seconds,
                    session.kind.grantedScope == nil ? "app-password" : "oauth", session.kind.grantedScope?.description,
                    Int64(session.issuedAsHostCookie ? 1 : 0),
                ])
        }
    }

    package func sessions(withIDHashes idHashes: [String], usedSince cutoff: Date) async throws -> [(session: AccountSession, lastUsed: Date)] {
        guard !idHashes.isEmpty else { return [] }
        let placeholders = idHashes.map { _ in "?" }.joined(separator: ", ")
        let bindings = idHashes.map { $0 as any DatabaseValueConvertible } + [Int64(cutoff.timeIntervalSince1970)]
        return try await database.read { db in
            try db.query("SELECT * FROM sessions WHERE id_hash IN (\(placeholders)) AND last_used_at >= ?", bindings).map { row in
                (try Self.session(from: row), Date(timeIntervalSince1970: TimeInterval(try row.int64("last_used_at"))))
            }
        }
    }

    package func touch(idHash: String, at time: Date) async throws {
        try await database.write { db in
            try db.execute("UPDATE sessions SET last_used_at = ? WHERE id_hash = ?", [Int64(time.timeIntervalSince1970), idHash])
        }
    }

    package func latest(for did: DID, on pdsURL: String) async throws -> AccountSession? {
        try await database.read { db in
            try db.queryOne("SELECT * FROM sessions WHERE did = ? AND pds_url = ? ORDER BY last_used_at DESC LIMIT 1", [did, pdsURL])
                .map(Self.session(from:))
        }
    }

    package func newest(of did: DID) async throws -> AccountSession? {
        try await database.read { db in
            try db.queryOne("SELECT * FROM sessions WHERE did = ? ORDER BY last_used_at DESC LIMIT 1", [did]).map(Self.session(from:))
        }
    }

    package func updateTokens(idHash: String, _ tokens: PDSSession) async throws {
        try await database.write { db in
            try db.execute(
                "UPDATE sessions SET access_token = ?, refresh_token = ?, handle = ? WHERE id_hash = ?",
                [tokens.accessToken.revealed, tokens.refreshToken.revealed, tokens.handle?.rawValue ?? tokens.did.rawValue, idHash])
        }
    }

    package func delete(idHash: String) async throws {
        try await database.write { db in try db.execute("DELETE FROM sessions WHERE id_hash = ?", [idHash]) }
    }

    package func deleteUnused(before cutoff: Date) async throws {
        try await database.write { db in
            try db.execute("DELETE FROM sessions WHERE last_used_at < ?", [Int64(cutoff.timeIntervalSince1970)])
        }
    }

    static func session(from row: Row) throws -> AccountSession {
        let did = try row.value("did", as: DID.self)
        // Older rows hold the DID here for accounts without a handle.
        let handle = Handle(exactly: try row.string("handle"))
        let kind: SessionKind =
            try row.string("kind") == "oauth" ? .oauth(granted: OAuthScope(try row.optionalString("oauth_scope") ?? "")) : .appPassword
        return AccountSession(
            idHash: try row.string("id_hash"), did: did, handle: handle, displayName: try row.optionalString("display_name"),
            pdsURL: try row.string("pds_url"),
            tokens: PDSSession(
                did: did, handle: handle, accessToken: Secret(try row.string("access_token")), refreshToken: Secret(try row.string("refresh_token"))),
            kind: kind, issuedAsHostCookie: try row.int64("host_cookie") != 0
        )
    }
}
