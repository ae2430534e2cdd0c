import Synchronization

/// The disk space all spilled request bodies together may take.
///
/// A body that will spill is counted at its declared length (a chunked one at its
/// route's limit) when its head arrives, and released when the request completes; so
/// the bytes on disk never pass the limit, however slowly the bodies arrive.
final class SpoolBudget: Sendable {
    let limit: Int
    private let used = Mutex(0)

    init(limit: Int) {
        self.limit = limit
    }

    /// Takes `bytes` if they fit; false (and nothing taken) if not.
    func reserve(_ bytes: Int) -> Bool {
        used.withLock { used in
            guard bytes <= limit - used else { return false }
            used += bytes
            return true
        }
    }

    func release(_ bytes: Int) {
        used.withLock { $0 -= bytes }
    }

    /// Bytes reserved now (for tests and diagnostics).
    var reserved: Int { used.withLock { $0 } }
}
