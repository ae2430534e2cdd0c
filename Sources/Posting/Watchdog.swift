import Dispatch
import Glibc
import Synchronization
import WorkerThreads

/// Kills a child process (SIGKILL) if it is still running after a deadline, from a
/// thread of its own, so the thread waiting for the child can simply block.
final class Watchdog: Sendable {
    private enum State { case waiting, cancelled, fired }
    private let state = Mutex(State.waiting)
    private let wake = DispatchSemaphore(value: 0)

    init(pid: Int32, after deadline: Duration) {
        let (seconds, attoseconds) = deadline.components
        let nanoseconds = Int(min(Double(seconds) * 1e9 + Double(attoseconds) / 1e9, Double(Int.max / 2)))
        DedicatedThread.start(name: "photo-watchdog", stackSize: 128 << 10) { [self] in
            guard wake.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .timedOut else { return }
            let fire = state.withLock { current -> Bool in
                guard current == .waiting else { return false }
                current = .fired
                return true
            }
            if fire { _ = kill(pid, SIGKILL) }
        }
    }

    /// Stops watching; true when the deadline had passed and the child was killed.
    func cancel() -> Bool {
        let fired = state.withLock { current -> Bool in
            if current == .fired { return true }
            current = .cancelled
            return false
        }
        wake.signal()
        return fired
    }
}
