import Dispatch
import Glibc
import Synchronization

/// SIGTERM/SIGINT delivery for the executable's "serve until told to stop" loop.
///
/// `install()` (also done by the first `wait()`) ignores SIGPIPE, so a client closing
/// its socket mid-response cannot kill the process, and replaces the default action of
/// SIGTERM and SIGINT (terminate) with Dispatch signal sources on a private serial queue.
/// A signal that arrives before anyone waits is remembered: every `wait()` from then on
/// returns it at once, so installing early closes the window in which a signal is lost.
public enum TerminationSignals {
    /// The signals that end the process gracefully.
    public static let handled: [Int32] = [SIGTERM, SIGINT]

    /// Starts listening (once per process); call early at start-up.
    public static func install() {
        _ = monitor
    }

    /// Waits until SIGTERM or SIGINT arrives and returns its number.
    public static func wait() async -> Int32 {
        await monitor.next()
    }

    private static let monitor = SignalMonitor()
}

/// The process-wide listener behind `TerminationSignals`.
private final class SignalMonitor: Sendable {
    private struct State {
        var received: Int32?
        var waiters: [CheckedContinuation<Int32, Never>] = []
        /// Kept for the life of the process; a released source stops delivering.
        var sources: [any DispatchSourceSignal] = []
    }

    private let state = Mutex(State())
    private let queue = DispatchQueue(label: "grainstories.termination-signals")

    init() {
        signal(SIGPIPE, SIG_IGN)
        for number in TerminationSignals.handled {
            // The default action would terminate before Dispatch sees the signal.
            signal(number, SIG_IGN)
            // Made inside the lock so the (non-Sendable) source never leaves it.
            state.withLock { state in
                let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
                // `@Sendable`: a handler inferred as main-actor isolated crashes at delivery.
                source.setEventHandler { @Sendable [weak self] in
                    self?.deliver(number)
                }
                source.resume()
                state.sources.append(source)
            }
        }
    }

    func next() async -> Int32 {
        await withCheckedContinuation { continuation in
            let received: Int32? = state.withLock { state in
                if let received = state.received { return received }
                state.waiters.append(continuation)
                return nil
            }
            if let received { continuation.resume(returning: received) }
        }
    }

    private func deliver(_ number: Int32) {
        let waiters = state.withLock { state in
            if state.received == nil { state.received = number }
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume(returning: number) }
    }
}
