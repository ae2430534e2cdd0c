import Dispatch
import Glibc
import Synchronization

/// SIGTERM/SIGINT delivery for the executable's "serve until told to stop" loop.
///
/// `install()` (also done by the first `wait()`) ignores SIGPIPE, so a client closing
/// its socket mid-response cannot kill the process, and replaces the default action of
/// SIGTERM and SIGINT (terminate) with a handler that forwards the signal to a Dispatch
/// source on a private serial queue. A signal that arrives before anyone waits is
/// remembered: every `wait()` from then on returns it at once, so installing early
/// closes the window in which a signal is lost.
///
/// Why not `signal(SIGTERM, SIG_IGN)` plus `DispatchSource.makeSignalSource`: on Linux
/// that source reads a signalfd, which only sees signals blocked in *every* thread, and
/// the signal mask is per thread. Threads that exist before the source (the cooperative
/// pool, MHD's workers, a test runner's) keep SIGTERM unblocked, the kernel delivers it
/// to one of them, and with SIG_IGN it is silently dropped. A real handler runs on
/// whichever thread the kernel picks and writes the number to a pipe (async-signal-safe);
/// the Dispatch read source on that pipe does the rest.
package enum TerminationSignals {
    /// The signals that end the process gracefully.
    package static let handled: [Int32] = [SIGTERM, SIGINT]

    /// Starts listening (once per process); call early at start-up.
    package static func install() {
        _ = monitor
    }

    /// Waits until SIGTERM or SIGINT arrives and returns its number.
    package static func wait() async -> Int32 {
        await monitor.next()
    }

    private static let monitor = SignalMonitor()
}

/// The write end of the signal pipe, read by the signal handler (an atomic load is
/// async-signal-safe); -1 until the monitor has made the pipe.
private let signalPipeWriteEnd = Atomic<Int32>(-1)

/// The process's SIGTERM/SIGINT handler: writes the signal number to the pipe. Only
/// async-signal-safe calls; errno is preserved for the interrupted code.
private let forwardSignalToPipe: @convention(c) (Int32) -> Void = { number in
    let savedErrno = errno
    var byte = UInt8(truncatingIfNeeded: number)
    _ = write(signalPipeWriteEnd.load(ordering: .relaxed), &byte, 1)
    errno = savedErrno
}

/// The process-wide listener behind `TerminationSignals`.
private final class SignalMonitor: Sendable {
    private struct State {
        var received: Int32?
        var waiters: [CheckedContinuation<Int32, Never>] = []
        /// Kept for the life of the process; a released source stops delivering.
        var source: (any DispatchSourceRead)?
    }

    private let state = Mutex(State())
    private let queue = DispatchQueue(label: "grainstories.termination-signals")

    init() {
        signal(SIGPIPE, SIG_IGN)
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            // Without a pipe the default actions stay: SIGTERM still stops the process,
            // just not gracefully.
            return
        }
        let (readEnd, writeEnd) = (ends[0], ends[1])
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(writeEnd, F_SETFL, fcntl(writeEnd, F_GETFL) | O_NONBLOCK)
        _ = fcntl(readEnd, F_SETFL, fcntl(readEnd, F_GETFL) | O_NONBLOCK)
        signalPipeWriteEnd.store(writeEnd, ordering: .releasing)
        // Made inside the lock so the (non-Sendable) source never leaves it.
        state.withLock { state in
            let source = DispatchSource.makeReadSource(fileDescriptor: readEnd, queue: queue)
            // `@Sendable`: a handler inferred as main-actor isolated crashes at delivery.
            source.setEventHandler { @Sendable [weak self] in
                self?.drain(readEnd)
            }
            source.resume()
            state.source = source
        }
        for number in TerminationSignals.handled {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = forwardSignalToPipe
            action.sa_flags = SA_RESTART
            sigemptyset(&action.sa_mask)
            _ = sigaction(number, &action, nil)
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

    /// Reads every pending signal number off the pipe and delivers the first.
    private func drain(_ readEnd: Int32) {
        var numbers = [UInt8](repeating: 0, count: 64)
        let count = read(readEnd, &numbers, numbers.count)
        guard count > 0 else { return }
        deliver(Int32(numbers[0]))
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
