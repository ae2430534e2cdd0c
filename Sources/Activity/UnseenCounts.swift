package import ATProto
import Synchronization

/// Each signed-in account's number of activity items it has not looked at, kept in memory
/// so the header's badge costs no database read on every page: counted from the database
/// when first needed (`refresh`), raised as items arrive, zeroed when the person opens
/// the Activity page, and counted again after deletions.
package final class UnseenCounts: Sendable {
    private let counts = Mutex<[DID: Int]>([:])
    private let repository: any ActivityRepository

    package init(repository: any ActivityRepository) { self.repository = repository }

    /// The count for the header; 0 when not yet known.
    package func count(for did: DID) -> Int { counts.withLock { $0[did] ?? 0 } }

    /// Counts again from the database.
    package func refresh(_ did: DID) async {
        guard let count = try? await repository.unseenCount(for: did) else { return }
        counts.withLock { $0[did] = count }
    }

    /// A new item for `did`: one more, or counted from the database when not yet known.
    package func added(for did: DID) async {
        let known = counts.withLock { counts -> Bool in
            guard let count = counts[did] else { return false }
            counts[did] = count + 1
            return true
        }
        if !known { await refresh(did) }
    }

    /// The person opened the Activity page.
    package func seen(by did: DID) { counts.withLock { $0[did] = 0 } }

    /// Items were deleted (for whom is not known): every known count is counted again.
    package func recount() async {
        for did in counts.withLock({ Array($0.keys) }) { await refresh(did) }
    }
}
