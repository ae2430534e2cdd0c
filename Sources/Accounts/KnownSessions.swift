import ATProto
import Synchronization

/// The id hashes of the sessions in the database and the account (DID) of each,
/// mirrored in memory so the server can tell from a request's head alone, without
/// waiting on SQLite, whether its cookie names a session: an upload's body is only
/// stored for someone signed in, and its spool space counts against that account.
///
/// Every write to the sessions table goes through `SessionStore`, which keeps this in
/// step; it is loaded once at start-up. It is a gate, not the authority: the handler
/// still looks the session up (and its idle lifetime) before acting.
final class KnownSessions: Sendable {
    private let accounts = Mutex<[String: String]>([:])

    func contains(_ hash: String) -> Bool { accounts.withLock { $0[hash] != nil } }
    /// The account the session with this id hash belongs to, if it is known.
    func account(of hash: String) -> String? { accounts.withLock { $0[hash] } }
    func insert(_ hash: String, account: String) { accounts.withLock { $0[hash] = account } }
    func remove(_ hash: String) { _ = accounts.withLock { $0.removeValue(forKey: hash) } }
    /// Every account with a known session.
    func allAccounts() -> Set<DID> { accounts.withLock { Set($0.values.compactMap(DID.init)) } }
    func replaceAll(with all: [String: String]) { accounts.withLock { $0 = all } }
}
