package import ATProto
package import FoundationEssentials
import GrainSupport

/// Sessions and their rules, over whichever `SessionRepository` the composition root
/// chose. The browser's cookie holds 256 random bits; only their SHA-256 is stored, so a
/// copy of the database does not let anyone sign in as the people in it.
package struct SessionStore: Sendable {
    package static let cookieName = "sid"
    /// Sessions unused for this long are gone.
    package static let idleLifetime: TimeInterval = 30 * 86_400

    package let repository: any SessionRepository
    package let now: @Sendable () -> Date
    private let known = KnownSessions()

    package init(repository: any SessionRepository, now: @escaping @Sendable () -> Date) {
        self.repository = repository
        self.now = now
    }

    /// Loads the in-memory list of sessions that `isKnown` answers from; call once at
    /// start-up, before serving.
    package func loadKnownSessions() async throws {
        known.replaceAll(with: try await repository.accountsByIDHash().mapValues(\.rawValue))
    }

    /// Whether a cookie value names a session, answered from memory at once (for
    /// deciding whether to accept a request body before reading it). Any of the
    /// browser's sessions counts: the first one still known is the current account.
    package func isKnown(cookieValue: String?) -> Bool {
        SessionCookie(parsing: cookieValue).ids.contains { known.contains(SessionStore.hash($0)) }
    }

    /// The account (DID) of the first session a cookie names that is known, answered
    /// from memory like `isKnown`: whose share of the upload spool a body counts against.
    package func knownAccount(cookieValue: String?) -> String? {
        for id in SessionCookie(parsing: cookieValue).ids {
            if let account = known.account(of: SessionStore.hash(id)) { return account }
        }
        return nil
    }

    /// Stores a new session and returns the cookie value for it. `prepare` runs first
    /// with the session's id hash (an OAuth session's grant is stored under it), so the
    /// session never exists without its credentials.
    /// `hostCookie`: the cookie is set as `__Host-sid` (over https), and the session is
    /// never read from a plain `sid` (`AccountSession.issuedAsHostCookie`).
    package func create(
        _ tokens: PDSSession, pdsURL: String, displayName: String?, kind: SessionKind = .appPassword, hostCookie: Bool = false,
        prepare: (String) async throws -> Void = { _ in }
    ) async throws -> String {
        let value = SessionStore.randomToken()
        let hash = SessionStore.hash(value)
        let session = AccountSession(
            idHash: hash, did: tokens.did, handle: tokens.handle, displayName: displayName, pdsURL: pdsURL, tokens: tokens, kind: kind,
            issuedAsHostCookie: hostCookie)
        try await prepare(hash)
        try await repository.insert(session, at: now())
        known.insert(hash, account: tokens.did.rawValue)
        return value
    }

    /// The session a cookie value belongs to, if it exists and is not stale, under
    /// whichever cookie name it was issued.
    package func find(cookieValue: String?) async throws -> AccountSession? {
        guard let cookieValue, SessionCookie.isWellFormed(cookieValue) else { return nil }
        return try await accounts(in: SessionCookie(ids: [cookieValue]), plainName: false).first
    }

    /// The accounts a browser's cookie holds that exist and are not stale, in the
    /// cookie's order (the current one first). `plainName`: the cookie came as a plain
    /// `sid` (over http, or over https from before the `__Host-` names), which another
    /// host may have planted; only sessions issued under that name count, so no session
    /// issued as `__Host-sid` can be carried into another browser that way.
    ///
    /// Runs for every page a signed-in person loads, so it is one read; the last-used
    /// time (which keeps a session alive) is written for the current account only, and
    /// at most every five minutes: an account nobody picks on this browser for the idle
    /// lifetime ends like any unused session.
    package func accounts(in cookie: SessionCookie, plainName: Bool) async throws -> [AccountSession] {
        guard !cookie.isEmpty else { return [] }
        let hashes = cookie.ids.map(SessionStore.hash)
        let time = now()
        let found = try await repository.sessions(withIDHashes: hashes, usedSince: time.addingTimeInterval(-SessionStore.idleLifetime))
        let byHash = Dictionary(found.map { ($0.session.idHash, $0) }, uniquingKeysWith: { first, _ in first })
        let ordered = hashes.compactMap { byHash[$0] }.filter { !plainName || !$0.session.issuedAsHostCookie }
        if let current = ordered.first, time.timeIntervalSince(current.lastUsed) > 300 {
            try await repository.touch(idHash: current.session.idHash, at: time)
        }
        return ordered.map(\.session)
    }

    /// The most recently used session of the account `did` on `pdsURL`: the outboxes
    /// send a draft or a heart only with a session of the account that made it, on the
    /// PDS that session was verified on.
    package func latest(for did: DID, on pdsURL: String) async throws -> AccountSession? {
        try await repository.latest(for: did, on: pdsURL)
    }

    /// How a signed-in account appears as an author (its handle and name), for showing
    /// what it made here before the AppView knows it; never for acting as it.
    package func profileView(of did: DID) async throws -> ProfileView? {
        try await repository.newest(of: did)?.profileView
    }

    /// The account's most recently used session (on any PDS): whose blocks and PDS the
    /// activity follower reads for a signed-in person; never for acting as them.
    package func newestSession(of did: DID) async throws -> AccountSession? {
        try await repository.newest(of: did)
    }

    /// The accounts signed in on this server (any session not yet forgotten), answered
    /// from memory: whom the activity follower keeps events for.
    package func signedInAccounts() -> Set<DID> {
        known.allAccounts()
    }

    /// Stores refreshed tokens and the handle checked with them (the DID when it has none).
    package func updateTokens(idHash: String, _ tokens: PDSSession) async throws {
        try await repository.updateTokens(idHash: idHash, tokens)
    }

    /// Stores the handle an OAuth session's account was checked with at a renewal (nil:
    /// none checks out, and it is shown by its DID). Its tokens live in its grant, so the
    /// row's stay empty.
    package func updateHandle(idHash: String, did: DID, _ handle: Handle?) async throws {
        try await repository.updateTokens(idHash: idHash, PDSSession(did: did, handle: handle, accessToken: Secret(""), refreshToken: Secret("")))
    }

    package func delete(idHash: String) async throws {
        try await repository.delete(idHash: idHash)
        known.remove(idHash)
    }

    /// Every stored session's id hash (housekeeping compares OAuth grants to them).
    package func idHashes() async throws -> Set<String> {
        Set(try await repository.accountsByIDHash().keys)
    }

    /// Forgets sessions nobody has used within the idle lifetime.
    package func pruneStale() async throws {
        try await repository.deleteUnused(before: now().addingTimeInterval(-SessionStore.idleLifetime))
        try await loadKnownSessions()
    }

    /// 256 random bits, base64url (43 characters).
    package static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return Base64URL.encode((0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }

    package static func hash(_ value: String) -> String {
        Hex.encode(SHA256.hash(Array(value.utf8)))
    }
}
