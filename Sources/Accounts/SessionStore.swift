public import Foundation
public import SQLiteStore
public import ATProto
public import AppStorage
import GrainSupport

/// Sessions in the database. The browser's cookie holds 256 random bits; only their
/// SHA-256 is stored, so a copy of the database does not let anyone sign in as the
/// people in it.
public struct SessionStore: Sendable {
    public static let cookieName = "sid"
    /// Sessions unused for this long are gone.
    public static let idleLifetime: TimeInterval = 30 * 86_400

    public let database: Database
    public let now: @Sendable () -> Date
    private let known = KnownSessions()

    public init(database: AppDatabase, now: @escaping @Sendable () -> Date) {
        self.database = database.database
        self.now = now
    }

    /// Loads the in-memory list of sessions that `isKnown` answers from; call once at
    /// start-up, before serving.
    public func loadKnownSessions() async throws {
        let accounts = try await database.read { db in
            var accounts: [String: String] = [:]
            for row in try db.query("SELECT id_hash, did FROM sessions") { accounts[try row.string("id_hash")] = try row.string("did") }
            return accounts
        }
        known.replaceAll(with: accounts)
    }

    /// Whether a cookie value names a session, answered from memory at once (for
    /// deciding whether to accept a request body before reading it). Any of the
    /// browser's sessions counts: the first one still known is the current account.
    public func isKnown(cookieValue: String?) -> Bool {
        SessionCookie(parsing: cookieValue).ids.contains { known.contains(SessionStore.hash($0)) }
    }

    /// The account (DID) of the first session a cookie names that is known, answered
    /// from memory like `isKnown`: whose share of the upload spool a body counts against.
    public func knownAccount(cookieValue: String?) -> String? {
        for id in SessionCookie(parsing: cookieValue).ids {
            if let account = known.account(of: SessionStore.hash(id)) { return account }
        }
        return nil
    }

    /// Stores a new session and returns the cookie value for it.
    public func create(_ tokens: PDSSession, pdsURL: String, displayName: String?) async throws -> String {
        let value = SessionStore.randomToken()
        let hash = SessionStore.hash(value)
        let time = Int64(now().timeIntervalSince1970)
        try await database.write { db in
            try db.execute("""
                INSERT INTO sessions (id_hash, did, handle, display_name, pds_url, access_token, refresh_token, created_at, last_used_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, [hash, tokens.did, tokens.handle?.rawValue ?? tokens.did.rawValue, displayName, pdsURL, tokens.accessToken.revealed, tokens.refreshToken.revealed, time, time])
        }
        known.insert(hash, account: tokens.did.rawValue)
        return value
    }

    /// The session a cookie value belongs to, if it exists and is not stale.
    public func find(cookieValue: String?) async throws -> AccountSession? {
        guard let cookieValue, SessionCookie.isWellFormed(cookieValue) else { return nil }
        return try await accounts(in: SessionCookie(ids: [cookieValue])).first
    }

    /// The accounts a browser's cookie holds that exist and are not stale, in the
    /// cookie's order (the current one first).
    ///
    /// Runs for every page a signed-in person loads, so it is one read; the last-used
    /// time (which keeps a session alive) is written for the current account only, and
    /// at most every five minutes: an account nobody picks on this browser for the idle
    /// lifetime ends like any unused session.
    public func accounts(in cookie: SessionCookie) async throws -> [AccountSession] {
        guard !cookie.isEmpty else { return [] }
        let hashes = cookie.ids.map(SessionStore.hash)
        let time = Int64(now().timeIntervalSince1970)
        let cutoff = time - Int64(SessionStore.idleLifetime)
        let placeholders = hashes.map { _ in "?" }.joined(separator: ", ")
        let found = try await database.read { db -> [String: (session: AccountSession, lastUsed: Int64)] in
            let rows = try db.query("SELECT * FROM sessions WHERE id_hash IN (\(placeholders)) AND last_used_at >= ?", hashes.map { $0 as any DatabaseValueConvertible } + [cutoff])
            var sessions: [String: (session: AccountSession, lastUsed: Int64)] = [:]
            for row in rows {
                let session = try SessionStore.session(from: row)
                sessions[session.idHash] = (session, try row.int64("last_used_at"))
            }
            return sessions
        }
        let ordered = hashes.compactMap { found[$0] }
        if let current = ordered.first, time - current.lastUsed > 300 {
            try await database.write { db in try db.execute("UPDATE sessions SET last_used_at = ? WHERE id_hash = ?", [time, current.session.idHash]) }
        }
        return ordered.map(\.session)
    }

    /// The most recently used session of the account `did` on `pdsURL`: the outboxes
    /// send a draft or a heart only with a session of the account that made it, on the
    /// PDS that session was verified on.
    public func latest(for did: DID, on pdsURL: String) async throws -> AccountSession? {
        try await database.read { db in
            try db.queryOne("SELECT * FROM sessions WHERE did = ? AND pds_url = ? ORDER BY last_used_at DESC LIMIT 1", [did, pdsURL])
                .map(SessionStore.session(from:))
        }
    }

    /// How a signed-in account appears as an author (its handle and name), for showing
    /// what it made here before the AppView knows it; never for acting as it.
    public func profileView(of did: DID) async throws -> ProfileView? {
        try await database.read { db in
            try db.queryOne("SELECT * FROM sessions WHERE did = ? ORDER BY last_used_at DESC LIMIT 1", [did]).map(SessionStore.session(from:))
        }?.profileView
    }

    /// Stores refreshed tokens and the handle checked with them (the DID when it has none).
    public func updateTokens(idHash: String, _ tokens: PDSSession) async throws {
        try await database.write { db in
            try db.execute(
                "UPDATE sessions SET access_token = ?, refresh_token = ?, handle = ? WHERE id_hash = ?",
                [tokens.accessToken.revealed, tokens.refreshToken.revealed, tokens.handle?.rawValue ?? tokens.did.rawValue, idHash])
        }
    }

    public func delete(idHash: String) async throws {
        try await database.write { db in try db.execute("DELETE FROM sessions WHERE id_hash = ?", [idHash]) }
        known.remove(idHash)
    }

    /// Forgets sessions nobody has used within the idle lifetime.
    public func pruneStale() async throws {
        let cutoff = Int64(now().timeIntervalSince1970 - SessionStore.idleLifetime)
        try await database.write { db in try db.execute("DELETE FROM sessions WHERE last_used_at < ?", [cutoff]) }
        try await loadKnownSessions()
    }

    public static func session(from row: Row) throws -> AccountSession {
        let did = try row.value("did", as: DID.self)
        // Older rows hold the DID here for accounts without a handle.
        let handle = Handle(exactly: try row.string("handle"))
        return AccountSession(
            idHash: try row.string("id_hash"), did: did, handle: handle, displayName: try row.optionalString("display_name"),
            pdsURL: try row.string("pds_url"),
            tokens: PDSSession(did: did, handle: handle, accessToken: Secret(try row.string("access_token")), refreshToken: Secret(try row.string("refresh_token")))
        )
    }

    /// 256 random bits, base64url (43 characters).
    public static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return Base64URL.encode((0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }

    public static func hash(_ value: String) -> String {
        Hex.encode(SHA256.hash(Array(value.utf8)))
    }
}
