import Foundation
import ATProto
import Synchronization
import Viewing

/// The strip order each signed-in person was last shown, so the viewer's "next" and
/// "previous" person keep to it while they watch.
///
/// With unseen people first, an order computed afresh on every viewer page would move
/// the person just finished to the seen group: from the next person "previous" would no
/// longer lead back, and "next" at the end of the unseen group would start over with
/// people already seen. So the order is taken when the strip is shown (the home page) and
/// the viewer follows it: people who left the strip (expired, hidden, unfollowed) drop
/// out, people who joined come after the rest, the person's own entry stays first. An
/// order unused for `lifetime` is forgotten; a viewer opened without one takes its own.
final class StripSnapshots: Sendable {
    static let lifetime: TimeInterval = 30 * 60
    static let capacity = 1000

    private struct Key: Hashable {
        let account: DID
        let choice: StripChoice
    }

    private struct Snapshot {
        var order: [DID]
        var usedAt: Date
    }

    private let snapshots = Mutex<[Key: Snapshot]>([:])
    private let now: @Sendable () -> Date

    init(now: @escaping @Sendable () -> Date) {
        self.now = now
    }

    /// The strip `account` was just shown.
    func record(_ order: [DID], account: DID, choice: StripChoice) {
        let at = now()
        snapshots.withLock { snapshots in
            if snapshots.count >= Self.capacity, snapshots[Key(account: account, choice: choice)] == nil {
                snapshots = snapshots.filter { at.timeIntervalSince($0.value.usedAt) < Self.lifetime }
                if snapshots.count >= Self.capacity { snapshots.removeAll() }
            }
            snapshots[Key(account: account, choice: choice)] = Snapshot(order: order, usedAt: at)
        }
    }

    /// The order for the viewer: `fresh` (the strip as it would be drawn now) kept to the
    /// recorded one when there is one, which is then remembered as used.
    func stable(_ fresh: [DID], account: DID, choice: StripChoice) -> [DID] {
        let at = now()
        let key = Key(account: account, choice: choice)
        return snapshots.withLock { snapshots in
            guard let known = snapshots[key], at.timeIntervalSince(known.usedAt) < Self.lifetime else {
                snapshots[key] = Snapshot(order: fresh, usedAt: at)
                return fresh
            }
            let current = Set(fresh)
            let kept = known.order.filter(current.contains)
            let keptSet = Set(kept)
            var order = kept + fresh.filter { !keptSet.contains($0) }
            if fresh.first == account, let own = order.firstIndex(of: account), own != 0 {
                order.insert(order.remove(at: own), at: 0)
            }
            snapshots[key] = Snapshot(order: order, usedAt: at)
            return order
        }
    }
}
