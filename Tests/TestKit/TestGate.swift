import Foundation
import Synchronization

/// A one-shot gate that blocking code (a scripted server's handler, running on its own
/// thread) waits at until a test opens it. Every wait is bounded.
package final class TestGate: Sendable {
    private let isOpen = Mutex(false)
    private let condition = NSCondition()

    package init() {}

    /// Opens the gate for every current and future waiter.
    package func open() {
        isOpen.withLock { $0 = true }
        condition.lock()
        condition.broadcast()
        condition.unlock()
    }

    /// Blocks the calling thread until the gate opens; false if `timeout` passed first.
    /// Never call this from async code: it blocks its thread.
    package func wait(timeout: Duration = .seconds(10)) -> Bool {
        let (seconds, attoseconds) = timeout.components
        let deadline = Date(timeIntervalSinceNow: Double(seconds) + Double(attoseconds) / 1e18)
        condition.lock()
        defer { condition.unlock() }
        while !isOpen.withLock({ $0 }) {
            if !condition.wait(until: deadline) { return isOpen.withLock { $0 } }
        }
        return true
    }
}
