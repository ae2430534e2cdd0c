import Synchronization

/// The id hashes of the sessions in the database, mirrored in memory so the server can
/// tell from a request's head alone, without waiting on SQLite, whether its cookie
/// names a session: an upload's body is only stored for someone signed in.
///
/// Every write to the sessions table goes through `SessionStore`, which keeps this in
/// step; it is loaded once at start-up. It is a gate, not the authority: the handler
/// still looks the session up (and its idle lifetime) before acting.
final class KnownSessions: Sendable {
    private let hashes = Mutex<Set<String>>([])

    func contains(_ hash: String) -> Bool { hashes.withLock { $0.contains(hash) } }
    func insert(_ hash: String) { _ = hashes.withLock { $0.insert(hash) } }
    func remove(_ hash: String) { _ = hashes.withLock { $0.remove(hash) } }
    func replaceAll(with all: Set<String>) { hashes.withLock { $0 = all } }
}
