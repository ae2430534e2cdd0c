import Synchronization

/// Waits that last until the test releases them, counting who is waiting: an injected
/// `sleep` for code under test (a rate limiter's queue, say) that must stay asleep for as
/// long as the test needs and then all wake at once. Waiters are suspended on
/// continuations, not polling, and `release()` resumes every current and later one.
package final class HeldWaits: Sendable {
    private struct State {
        var released = false
        var waiters: [CheckedContinuation<Void, Never>] = []
        var count = 0
    }

    private let state = Mutex(State())

    package init() {}

    /// How many waits have started (released or not).
    package var waiting: Int { state.withLock { $0.count } }

    /// Suspends until `release()` (at once if it was already called).
    package func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumeNow = state.withLock { state -> Bool in
                state.count += 1
                if state.released { return true }
                state.waiters.append(continuation)
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }

    /// Wakes every waiter, and lets every later wait pass at once.
    package func release() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.released = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}
