import Foundation
import Synchronization

/// A gate a job on a pool thread waits at until the test opens it (bounded, so a broken
/// test fails rather than hangs), and a record of whether a job has got that far.
final class BlockingGate: Sendable {
    private let isOpen = Mutex(false)
    private let arrived = Mutex(false)
    private let condition = NSCondition()

    /// Whether some job has reached `wait()`.
    var hasArrived: Bool { arrived.withLock { $0 } }

    func open() {
        isOpen.withLock { $0 = true }
        condition.lock()
        condition.broadcast()
        condition.unlock()
    }

    /// Blocks the calling (pool) thread until the gate opens; false after 10 s.
    func wait() -> Bool {
        arrived.withLock { $0 = true }
        let deadline = Date(timeIntervalSinceNow: 10)
        condition.lock()
        defer { condition.unlock() }
        while !isOpen.withLock({ $0 }) {
            if !condition.wait(until: deadline) { return isOpen.withLock { $0 } }
        }
        return true
    }
}

/// What jobs did, in the order they did it, shared between pool threads and the test.
final class Recorder<Value: Sendable>: Sendable {
    private let values = Mutex<[Value]>([])

    func append(_ value: Value) { values.withLock { $0.append(value) } }
    var all: [Value] { values.withLock { $0 } }
}
