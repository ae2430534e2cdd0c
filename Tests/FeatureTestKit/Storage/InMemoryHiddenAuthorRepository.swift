package import ATProto
package import Foundation
import Social
import Synchronization

/// `HiddenAuthorRepository` in memory (the contract suite's second adapter): the count
/// and the insert in one critical section, as the SQLite adapter has them in one
/// transaction.
package final class InMemoryHiddenAuthorRepository: HiddenAuthorRepository {
    /// Per account, whom it hid and when (milliseconds since 1970).
    private let hidden = Mutex<[DID: [DID: Int64]]>([:])

    package init() {}

    package func hidden(by did: DID) async throws -> [DID] {
        hidden.withLock { all in
            (all[did] ?? [:]).sorted { a, b in
                a.value != b.value ? a.value > b.value : a.key.rawValue.utf8.lexicographicallyPrecedes(b.key.rawValue.utf8)
            }.map(\.key)
        }
    }

    @discardableResult
    package func hide(_ author: DID, by did: DID, now: Date, limit: Int) async throws -> Bool {
        hidden.withLock { all in
            var list = all[did] ?? [:]
            if list[author] != nil { return true }
            guard list.count < limit else { return false }
            list[author] = StoredSeconds.milliseconds(now)
            all[did] = list
            return true
        }
    }

    package func unhide(_ author: DID, by did: DID) async throws {
        hidden.withLock { _ = $0[did]?.removeValue(forKey: author) }
    }
}
