package import Foundation
import Synchronization

/// A clock tests move by hand, for caches and rate limits with lifetimes.
package final class ManualClock: Sendable {
    private let base = ContinuousClock.now
    private let baseDate = Date(timeIntervalSince1970: 1_788_544_800)
    private let offset = Mutex<Duration>(.zero)

    package init() {}

    package var now: ContinuousClock.Instant { base.advanced(by: offset.withLock { $0 }) }

    /// A wall-clock date that moves with the clock (starting 2026-09-04T18:00Z), for
    /// code that keeps `Date`s, such as caches that survive restarts.
    package var date: Date {
        let (seconds, attoseconds) = offset.withLock { $0 }.components
        return baseDate.addingTimeInterval(Double(seconds) + Double(attoseconds) / 1e18)
    }

    package func advance(by duration: Duration) {
        offset.withLock { $0 += duration }
    }

    /// Moves the clock to `instant` unless it is already later: a fake
    /// `sleep(until:)` that returns at once, as if the time had passed.
    package func advance(to instant: ContinuousClock.Instant) {
        offset.withLock { $0 = max($0, instant - base) }
    }
}
