package import ATProto
package import Foundation
import Synchronization
package import Viewing

/// `SeenRepository` in memory (the contract suite's second adapter).
package final class InMemorySeenRepository: SeenRepository {
    private let newest = Mutex<[DID: [DID: Int64]]>([:])

    package init() {}

    package func state(for did: DID) async throws -> SeenState {
        SeenState(newestSeen: newest.withLock { $0[did] ?? [:] })
    }

    package func record(did: DID, author: DID, newestMilliseconds: Int64, now: Date) async throws {
        let cutoff = Int64((now.timeIntervalSince1970 - SeenState.retention) * 1000)
        newest.withLock { all in
            var seen = all[did] ?? [:]
            seen[author] = max(seen[author] ?? newestMilliseconds, newestMilliseconds)
            all[did] = seen.filter { $0.value >= cutoff }
        }
    }

    package func viewers(of author: DID, createdAtMilliseconds: Int64) async throws -> [DID] {
        newest.withLock { all in
            all.filter { $0.key != author && ($0.value[author] ?? .min) >= createdAtMilliseconds }.keys.sorted { $0.rawValue < $1.rawValue }
        }
    }
}
