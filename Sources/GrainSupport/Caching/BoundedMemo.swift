import Synchronization

/// Remembers the results of a pure, costly function of a key, for values every page
/// recomputes from the same inputs (signed image paths for the same avatars on every
/// request for `/`).
///
/// Only for functions whose result depends on nothing but the key (and values fixed for
/// the memo's lifetime), so a remembered answer is always the answer. At most `capacity`
/// keys are kept; when full it starts over, which keeps memory bounded against endless
/// distinct keys at the price of recomputing the few that are in use.
package final class BoundedMemo<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let capacity: Int
    private let entries = Mutex<[Key: Value]>([:])

    package init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// The remembered value for `key`, or `compute(key)`, remembered. `compute` runs
    /// outside the lock, so two threads may both compute a new key; both get the same answer.
    package func value(for key: Key, _ compute: (Key) -> Value) -> Value {
        if let known = entries.withLock({ $0[key] }) { return known }
        let value = compute(key)
        entries.withLock { entries in
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = value
        }
        return value
    }

    /// The remembered value for `key`, without computing anything.
    package func known(_ key: Key) -> Value? {
        entries.withLock { $0[key] }
    }

    /// Remembers `value` for `key` (for callers that keep only some answers).
    package func remember(_ value: Value, for key: Key) {
        entries.withLock { entries in
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = value
        }
    }

    /// How many keys are remembered now.
    package var count: Int { entries.withLock { $0.count } }
}
