package import ATProto
package import Activity
package import Foundation
import Synchronization

/// `ActivityRepository` in memory (the contract suite's second adapter), times kept to
/// the millisecond as the SQLite adapter keeps them.
package final class InMemoryActivityRepository: ActivityRepository {
    private struct State {
        var items: [DID: [ATURI: (item: ActivityItem, deleted: Bool)]] = [:]
        var deletedRecords: [ATURI: Int64] = [:]
        var seenAt: [DID: Int64] = [:]
        var sharesViews: [DID: Bool] = [:]
        var cursor: Int64?
    }

    private let state = Mutex(State())

    package init() {}

    private static func milliseconds(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded(.down)) }

    package func add(_ item: ActivityItem) async throws -> Bool {
        var stored = item
        stored.at = Date(timeIntervalSince1970: TimeInterval(Self.milliseconds(item.at)) / 1000)
        return state.withLock { state in
            guard state.deletedRecords[item.record] == nil, state.items[item.recipient]?[item.record] == nil else { return false }
            state.items[item.recipient, default: [:]][item.record] = (stored, false)
            return true
        }
    }

    package func recordDeleted(_ record: ATURI, at date: Date) async throws {
        state.withLock { state in
            for recipient in state.items.keys where state.items[recipient]?[record] != nil {
                state.items[recipient]?[record]?.deleted = true
            }
            if state.deletedRecords[record] == nil { state.deletedRecords[record] = Self.milliseconds(date) }
        }
    }

    package func actorGone(_ actor: DID, at date: Date) async throws {
        state.withLock { state in
            for (recipient, items) in state.items {
                for (record, entry) in items where entry.item.actor == actor { state.items[recipient]?[record]?.deleted = true }
            }
        }
    }

    package func items(for recipient: DID, limit: Int) async throws -> [ActivityItem] {
        state.withLock { state in
            let live = (state.items[recipient] ?? [:]).values.filter { !$0.deleted }.map(\.item)
            return Array(
                live.sorted { a, b in a.at != b.at ? a.at > b.at : a.record.rawValue.utf8.lexicographicallyPrecedes(b.record.rawValue.utf8) }
                    .prefix(limit))
        }
    }

    package func unseenCount(for recipient: DID) async throws -> Int {
        state.withLock { state in
            let seen = state.seenAt[recipient] ?? 0
            return (state.items[recipient] ?? [:]).values.filter { !$0.deleted && Self.milliseconds($0.item.at) > seen }.count
        }
    }

    package func markSeen(_ recipient: DID, at date: Date) async throws {
        state.withLock { state in state.seenAt[recipient] = max(state.seenAt[recipient] ?? 0, Self.milliseconds(date)) }
    }

    package func lastLook(_ recipient: DID) async throws -> Date? {
        state.withLock { $0.seenAt[recipient].map { Date(timeIntervalSince1970: TimeInterval($0) / 1000) } }
    }

    package func prune(before cutoff: Date) async throws {
        let limit = Self.milliseconds(cutoff)
        state.withLock { state in
            for recipient in state.items.keys {
                state.items[recipient] = state.items[recipient]?.filter { Self.milliseconds($0.value.item.at) >= limit }
            }
            state.deletedRecords = state.deletedRecords.filter { $0.value >= limit }
        }
    }

    package func cursor() async throws -> Int64? { state.withLock { $0.cursor } }

    package func setCursor(_ timeMicroseconds: Int64) async throws {
        state.withLock { state in state.cursor = max(state.cursor ?? timeMicroseconds, timeMicroseconds) }
    }

    package func sharesViews(_ account: DID) async throws -> Bool { state.withLock { $0.sharesViews[account] ?? true } }

    package func setSharesViews(_ account: DID, _ shares: Bool) async throws { state.withLock { $0.sharesViews[account] = shares } }
}
