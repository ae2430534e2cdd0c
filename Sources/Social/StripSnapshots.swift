package import ATProto
package import FoundationEssentials
import GrainSupport
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
///
/// Visitors who are not signed in have unseen people first too (their seen state is in
/// their browser's cookie), so their strip is kept the same way, under a key that is the
/// order's own hash (`recordVisitorOrder`): the home page gives that key to the browser
/// in the `strip` cookie and the viewer finds the order by it. The key says nothing about
/// anyone (it is derived from public DIDs only), and visitors shown the same order share
/// one snapshot.
package final class StripSnapshots: Sendable {
    package static let lifetime: TimeInterval = 30 * 60
    static let capacity = 1000

    private enum Key: Hashable {
        case account(DID, StripChoice)
        case visitor(String)
    }

    private struct Snapshot {
        var order: [DID]
        var usedAt: Date
    }

    private let snapshots = Mutex<[Key: Snapshot]>([:])
    private let now: @Sendable () -> Date

    package init(now: @escaping @Sendable () -> Date) {
        self.now = now
    }

    /// The strip `account` was just shown.
    package func record(_ order: [DID], account: DID, choice: StripChoice) {
        let at = now()
        snapshots.withLock { snapshots in
            Self.store(order, under: .account(account, choice), at: at, in: &snapshots)
        }
    }

    /// The strip a visitor was just shown (in an order other than Grain's); returns the
    /// key the browser keeps to find it again (32 hex digits).
    package func recordVisitorOrder(_ order: [DID]) -> String {
        let key = Self.visitorKey(order)
        let at = now()
        snapshots.withLock { snapshots in
            Self.store(order, under: .visitor(key), at: at, in: &snapshots)
        }
        return key
    }

    /// The order for a visitor's viewer: `fresh` kept to the order recorded under `key`,
    /// or nil when there is none (unknown, forgotten, or the server restarted).
    package func stableForVisitor(_ fresh: [DID], key: String) -> [DID]? {
        let at = now()
        return snapshots.withLock { snapshots -> [DID]? in
            guard let known = snapshots[.visitor(key)], at.timeIntervalSince(known.usedAt) < Self.lifetime else { return nil }
            let order = Self.merge(known.order, fresh, own: nil)
            snapshots[.visitor(key)] = Snapshot(order: known.order, usedAt: at)
            return order
        }
    }

    /// Content-addressed: the same order gives the same key, in any process.
    static func visitorKey(_ order: [DID]) -> String {
        let digest = SHA256.hash(Array(order.map(\.rawValue).joined(separator: " ").utf8))
        return Hex.encode(digest.prefix(16))
    }

    private static func store(_ order: [DID], under key: Key, at: Date, in snapshots: inout [Key: Snapshot]) {
        if snapshots.count >= Self.capacity, snapshots[key] == nil {
            snapshots = snapshots.filter { at.timeIntervalSince($0.value.usedAt) < Self.lifetime }
            if snapshots.count >= Self.capacity { snapshots.removeAll() }
        }
        snapshots[key] = Snapshot(order: order, usedAt: at)
    }

    /// `known` without who left, then who joined, `own` (when `fresh` leads with it) first.
    private static func merge(_ known: [DID], _ fresh: [DID], own: DID?) -> [DID] {
        let current = Set(fresh)
        let kept = known.filter(current.contains)
        let keptSet = Set(kept)
        var order = kept + fresh.filter { !keptSet.contains($0) }
        if let own, fresh.first == own, let index = order.firstIndex(of: own), index != 0 {
            order.insert(order.remove(at: index), at: 0)
        }
        return order
    }

    /// The order for the viewer: `fresh` (the strip as it would be drawn now) kept to the
    /// recorded one when there is one, which is then remembered as used.
    package func stable(_ fresh: [DID], account: DID, choice: StripChoice) -> [DID] {
        let at = now()
        let key = Key.account(account, choice)
        return snapshots.withLock { snapshots in
            guard let known = snapshots[key], at.timeIntervalSince(known.usedAt) < Self.lifetime else {
                snapshots[key] = Snapshot(order: fresh, usedAt: at)
                return fresh
            }
            let order = Self.merge(known.order, fresh, own: account)
            snapshots[key] = Snapshot(order: order, usedAt: at)
            return order
        }
    }
}
