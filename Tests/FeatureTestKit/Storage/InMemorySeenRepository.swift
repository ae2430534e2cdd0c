public import Foundation
import Synchronization
public import ATProto
public import Viewing

/// `SeenRepository` in memory (the contract suite's second adapter).
public final class InMemorySeenRepository: SeenRepository {
    private let newest = Mutex<[DID: [DID: Int64]]>([:])

    public init() {}

    public func state(for did: DID) async throws -> SeenState {
        SeenState(newestSeen: newest.withLock { $0[did] ?? [:] })
    }

    public func record(did: DID, author: DID, newestMilliseconds: Int64, now: Date) async throws {
        let cutoff = Int64((now.timeIntervalSince1970 - SeenState.retention) * 1000)
        newest.withLock { all in
            var seen = all[did] ?? [:]
            seen[author] = max(seen[author] ?? newestMilliseconds, newestMilliseconds)
            all[did] = seen.filter { $0.value >= cutoff }
        }
    }
}
