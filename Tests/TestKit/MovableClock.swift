package import Foundation
import Synchronization

/// A wall clock that runs as the real one does, plus an offset a test moves: for a
/// server (its `now`) and a page (`PageClock`) that have to agree on the time while the
/// test jumps hours and days ahead.
package final class MovableClock: Sendable {
    private let offset = Mutex<TimeInterval>(0)

    /// Starts at the real time, or at `start` (from then on running in real time).
    package init(start: Date? = nil) {
        if let start { offset.withLock { $0 = start.timeIntervalSinceNow } }
    }

    package var now: Date { Date().addingTimeInterval(offset.withLock { $0 }) }

    /// Seconds ahead of the real time.
    package var offsetSeconds: TimeInterval { offset.withLock { $0 } }

    /// `now` as a closure, for the application's edges.
    package var clock: @Sendable () -> Date { { [self] in now } }

    package func advance(by seconds: TimeInterval) {
        offset.withLock { $0 += seconds }
    }
}
