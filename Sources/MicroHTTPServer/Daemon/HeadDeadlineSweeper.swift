import Dispatch
import FoundationEssentials
import Synchronization
import WorkerThreads

/// The thread that runs `ConnectionSlots.sweep()` about once a second while a daemon
/// runs: a connection may take at most `headTimeLimit` to deliver a request head, and
/// lingers after a 413 for at most `lingerTimeLimit`
/// (libmicrohttpd's own timeout is reset by every byte, so a head trickled in could
/// hold a slot forever).
final class HeadDeadlineSweeper: Sendable {
    private let deadlines: ConnectionSlots
    private let stopped = Mutex(false)
    private let condition = ConditionLock()
    private let finished = DispatchSemaphore(value: 0)

    init(deadlines: ConnectionSlots) {
        self.deadlines = deadlines
        DedicatedThread.start(name: "http-deadlines", stackSize: 256 << 10) { [self] in
            run()
            finished.signal()
        }
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
        // A tenth of the shorter limit, at most a second: a head or a linger is cut off at most that late.
        let shorter = min(deadlines.headTimeLimit, deadlines.lingerTimeLimit)
        let interval = min(1.0, max(0.01, Double(shorter.components.seconds) / 10 + Double(shorter.components.attoseconds) / 1e19))
        while true {
            condition.lock()
            if !stopped.withLock({ $0 }) { condition.wait(for: .seconds(interval)) }
            condition.unlock()
            if stopped.withLock({ $0 }) { return }
            deadlines.sweep()
        }
    }
}
