import Foundation
import Synchronization

/// The thread that runs `HeadDeadlines.sweep()` about once a second while a daemon runs.
final class HeadDeadlineSweeper: Sendable {
    private let deadlines: HeadDeadlines
    private let stopped = Mutex(false)
    private let condition = NSCondition()
    private let finished = DispatchSemaphore(value: 0)

    init(deadlines: HeadDeadlines) {
        self.deadlines = deadlines
        let thread = Thread { [self] in
            run()
            finished.signal()
        }
        thread.start()
    }

    /// Ends the thread and waits for it.
    func stop() {
        stopped.withLock { $0 = true }
        condition.lock()
        condition.broadcast()
        condition.unlock()
        finished.wait()
    }

    private func run() {
        // A tenth of the limit, at most a second: a head is cut off at most that late.
        let interval = min(1.0, max(0.01, Double(deadlines.limit.components.seconds) / 10 + Double(deadlines.limit.components.attoseconds) / 1e19))
        while true {
            condition.lock()
            if !stopped.withLock({ $0 }) { _ = condition.wait(until: Date(timeIntervalSinceNow: interval)) }
            condition.unlock()
            if stopped.withLock({ $0 }) { return }
            deadlines.sweep()
        }
    }
}
