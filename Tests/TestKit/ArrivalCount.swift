import Synchronization

/// How many jobs have reached a point, counted from any thread, for tests that hold jobs at
/// a gate and wait (with `eventually`) until all of them got there.
package final class ArrivalCount: Sendable {
    private let count = Mutex(0)

    package init() {}

    /// Counts one arrival.
    package func arrive() { count.withLock { $0 += 1 } }

    /// The arrivals so far.
    package var value: Int { count.withLock { $0 } }
}
