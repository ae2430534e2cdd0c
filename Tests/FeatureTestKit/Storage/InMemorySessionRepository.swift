package import ATProto
package import Accounts
package import Foundation
import Synchronization

/// `SessionRepository` in memory: the second adapter the contract suite runs against,
/// and a storage a test may build the application over. Every method is one critical
/// section, so each is atomic as a SQLite statement is.
package final class InMemorySessionRepository: SessionRepository {
    private struct Stored {
        var session: AccountSession
        var lastUsed: Int64
    }

    private let rows = Mutex<[String: Stored]>([:])

    package init() {}

    package func accountsByIDHash() async throws -> [String: DID] {
        rows.withLock { $0.mapValues(\.session.did) }
    }

    package func insert(_ session: AccountSession, at time: Date) async throws {
        try rows.withLock { rows throws(InMemoryRepositoryError) in
            guard rows[session.idHash] == nil else { throw .keyTaken(session.idHash) }
            rows[session.idHash] = Stored(session: Self.normalised(session, tokens: session.tokens, handle: session.handle), lastUsed: StoredSeconds.of(time))
        }
    }

    package func sessions(withIDHashes idHashes: [String], usedSince cutoff: Date) async throws -> [(session: AccountSession, lastUsed: Date)] {
        let cutoff = StoredSeconds.of(cutoff)
        return rows.withLock { rows in
            Set(idHashes).compactMap { rows[$0] }.filter { $0.lastUsed >= cutoff }.map { ($0.session, StoredSeconds.date($0.lastUsed)) }
        }
    }

    package func touch(idHash: String, at time: Date) async throws {
        rows.withLock { $0[idHash]?.lastUsed = StoredSeconds.of(time) }
    }

    package func latest(for did: DID, on pdsURL: String) async throws -> AccountSession? {
        rows.withLock { rows in
            rows.values.filter { $0.session.did == did && $0.session.pdsURL == pdsURL }.max { $0.lastUsed < $1.lastUsed }?.session
        }
    }

    package func newest(of did: DID) async throws -> AccountSession? {
        rows.withLock { rows in rows.values.filter { $0.session.did == did }.max { $0.lastUsed < $1.lastUsed }?.session }
    }

    package func updateTokens(idHash: String, _ tokens: PDSSession) async throws {
        rows.withLock { rows in
            guard let stored = rows[idHash] else { return }
            rows[idHash]?.session = Self.normalised(stored.session, tokens: tokens, handle: tokens.handle)
        }
    }

    package func delete(idHash: String) async throws {
        _ = rows.withLock { $0.removeValue(forKey: idHash) }
    }

    package func deleteUnused(before cutoff: Date) async throws {
        let cutoff = StoredSeconds.of(cutoff)
        rows.withLock { $0 = $0.filter { $0.value.lastUsed >= cutoff } }
    }

    /// The session as the SQLite adapter reads it back: one handle for the account and
    /// its tokens, and the row's DID in both; its kind and cookie as stored.
    private static func normalised(_ session: AccountSession, tokens: PDSSession, handle: Handle?) -> AccountSession {
        var stored = session
        stored.handle = handle
        stored.tokens = PDSSession(did: session.did, handle: handle, accessToken: tokens.accessToken, refreshToken: tokens.refreshToken)
        return stored
    }
}
