import Synchronization

/// Lets a warning that recurs on every request while its cause lasts through at most once
/// per `interval`, counting the ones held back.
///
/// While Grain's AppView is down every page shows the same notice; a warning line per
/// page cost the server more than the page itself (a `write(2)` each, 18,000 a second
/// under load) and told the operator nothing the first line had not. The first
/// occurrence in each interval is logged with its request id and how many were held
/// back since the previous line.
package final class RepeatedWarningGate: Sendable {
    private struct State {
        var lastLogged: ContinuousClock.Instant?
        var heldBack = 0
    }

    private let interval: Duration
    private let now: @Sendable () -> ContinuousClock.Instant
    private let state = Mutex(State())

    package init(interval: Duration = .seconds(10), now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }) {
        self.interval = interval
        self.now = now
    }

    /// nil when this occurrence should not be logged; otherwise how many occurrences were
    /// held back since the last one logged (0 for the first).
    package func admit() -> Int? {
        let instant = now()
        return state.withLock { state -> Int? in
            if let last = state.lastLogged, last.duration(to: instant) < interval {
                state.heldBack += 1
                return nil
            }
            defer {
                state.lastLogged = instant
                state.heldBack = 0
            }
            return state.heldBack
        }
    }
}
