import Synchronization

/// Stops calling an upstream (one host) that is down, so each new request does not cost
/// it, and us, another call that will fail.
///
/// Caches pause per key after a failure, but made-up names are all different keys:
/// while the AppView was down, 1,100 made-up handles cost 1,100 calls to it. After
/// `failuresToOpen` failures in a row (no answer, a timeout, a 5xx or 429) the breaker
/// opens: calls fail at once for `openFor`. Then one trial call goes through; an answer
/// closes the breaker, another failure opens it again. Answers that say "no" (a 400,
/// a 404) are answers: the upstream is up.
package final class CircuitBreaker: Sendable {
    private enum State {
        case closed(failures: Int)
        case open(until: ContinuousClock.Instant)
        /// One trial call is out; everyone else waits for its outcome by failing fast.
        case trying
    }

    /// The host it guards, for the error callers see.
    package let host: String
    package let failuresToOpen: Int
    package let openFor: Duration
    private let now: @Sendable () -> ContinuousClock.Instant
    private let state = Mutex(State.closed(failures: 0))

    package init(
        host: String, failuresToOpen: Int = 5, openFor: Duration = .seconds(10),
        now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) {
        self.host = host
        self.failuresToOpen = failuresToOpen
        self.openFor = openFor
        self.now = now
    }

    /// Whether a call may go out now (a trial call if the open period is over).
    func mayCall() -> Bool {
        let current = now()
        return state.withLock { state in
            switch state {
            case .closed: return true
            case .trying: return false
            case .open(let until):
                guard current >= until else { return false }
                state = .trying
                return true
            }
        }
    }

    /// Records a call's outcome: `upstreamFailed` for no answer or a transient error.
    func record(upstreamFailed: Bool) {
        let current = now()
        state.withLock { state in
            guard upstreamFailed else {
                state = .closed(failures: 0)
                return
            }
            switch state {
            case .closed(let failures) where failures + 1 < failuresToOpen:
                state = .closed(failures: failures + 1)
            case .closed, .trying, .open:
                state = .open(until: current.advanced(by: openFor))
            }
        }
    }

    /// Whether calls fail fast now (for tests and diagnostics).
    package var isOpen: Bool {
        state.withLock { if case .closed = $0 { return false } else { return true } }
    }

    /// Runs `call` unless the breaker is open (then fails at once with
    /// `OutboundError.upstreamDown`) and records how it went.
    package func run<Value>(_ call: () async throws(XRPCError) -> Value) async throws(XRPCError) -> Value {
        guard mayCall() else { throw .transport(.upstreamDown(host: host)) }
        do {
            let value = try await call()
            record(upstreamFailed: false)
            return value
        } catch {
            record(upstreamFailed: error.isTransient)
            throw error
        }
    }
}
