import DurableFiles
import FoundationEssentials
import Glibc
import WorkerThreads

/// Writes whole lines to one file descriptor (standard error, for the log) from many
/// threads at once, gathering lines that arrive close together into one `write(2)`.
///
/// Why: at `--log-level info` the server writes an access-log line for every request,
/// and the system call cost more than building the line (perf: 7 % of the server's CPU
/// for the 4-author home page, against 4 % for the line itself). So a line handed over
/// as deferrable is written by this writer's own thread: at once when the writer is idle,
/// else at most `gatherInterval` later together with every line that arrived meanwhile.
/// What reaches the file is the same lines in the same order; only how many go into
/// one `write` changes.
///
/// An immediate line (warnings, errors, a failed start) is written by the caller before
/// `write` returns, after every line handed over before it, so the order holds and the
/// last words before a crash are on disk. If the writer falls behind (standard error is
/// a pipe nobody reads fast enough), callers write themselves once `maximumPending`
/// bytes wait, and so slow down as they did before the gathering, rather than holding
/// an unbounded buffer. `flush()` returns once every earlier line is written; the
/// shared standard-error writer is flushed when the process exits.
///
/// All mutable state is touched only while holding `condition`, and the descriptor
/// only while holding `writeLock`; hence `@unchecked Sendable`.
package final class LogLineWriter: @unchecked Sendable {
    /// Whether a line may wait for the writer's thread.
    package enum Urgency: Sendable {
        case deferrable
        case immediate
    }

    /// The process's standard error, shared by every logger that writes there (and by
    /// `StandardStreams.error`), so their lines keep one order.
    package static let standardError = LogLineWriter(fileDescriptor: 2, gatherInterval: .milliseconds(5), maximumPending: 1 << 20, flushesAtExit: true)

    private let fileDescriptor: Int32
    private let gatherInterval: Duration
    private let maximumPending: Int
    private let flushesAtExit: Bool

    /// Guards `pending`, `threadState` and `isShutDown`; the writer's thread waits on it.
    private let condition = ConditionLock()
    private var pending: [UInt8] = []
    private var threadState = ThreadState.notStarted
    private var isShutDown = false
    /// Held from taking a batch out of `pending` until it is written, so batches reach
    /// the descriptor in the order they were taken.
    private let writeLock = ConditionLock()

    private enum ThreadState {
        case notStarted
        /// Waiting for a line, to be woken by the next `write`.
        case idle
        /// Writing, letting lines gather, or ended by `shutdown`; either way nobody
        /// needs to wake it.
        case busy
    }

    /// - Parameters:
    ///   - gatherInterval: how long the writer lets lines gather after each `write(2)`,
    ///     which bounds how late a deferrable line is (`tail -f` shows it within this).
    ///   - maximumPending: bytes waiting beyond which callers write themselves.
    package convenience init(fileDescriptor: Int32, gatherInterval: Duration = .milliseconds(5), maximumPending: Int = 1 << 20) {
        self.init(fileDescriptor: fileDescriptor, gatherInterval: gatherInterval, maximumPending: maximumPending, flushesAtExit: false)
    }

    private init(fileDescriptor: Int32, gatherInterval: Duration, maximumPending: Int, flushesAtExit: Bool) {
        self.fileDescriptor = fileDescriptor
        self.gatherInterval = gatherInterval
        self.maximumPending = maximumPending
        self.flushesAtExit = flushesAtExit
    }

    /// Hands over `bytes`, one or more complete lines each ending in a newline.
    package func write(_ bytes: [UInt8], urgency: Urgency) {
        if urgency == .immediate {
            writePending(then: bytes)
            return
        }
        condition.lock()
        guard !isShutDown else {
            condition.unlock()
            writePending(then: bytes)
            return
        }
        pending.append(contentsOf: bytes)
        let callerWrites = pending.count >= maximumPending
        switch threadState {
        case .notStarted:
            threadState = .busy
            startThread()
        case .idle:
            threadState = .busy
            condition.signal()
        case .busy:
            break
        }
        condition.unlock()
        if callerWrites { writePending() }
    }

    /// Returns once every line handed over before the call is written.
    package func flush() {
        writePending()
    }

    /// Writes what is pending and ends the writer's thread; later lines are written by
    /// their callers. For writers made for one job (tests); the shared one is never shut down.
    package func shutdown() {
        condition.lock()
        isShutDown = true
        condition.signal()
        condition.unlock()
        flush()
    }

    private func startThread() {
        if flushesAtExit {
            atexit { LogLineWriter.standardError.flush() }
        }
        DedicatedThread.start(name: "log-writer", stackSize: 256 << 10) { [self] in run() }
    }

    /// The writer's thread: wait for a line, write everything pending, let the next
    /// lines gather for `gatherInterval`, and again.
    private func run() {
        while true {
            condition.lock()
            while pending.isEmpty && !isShutDown {
                threadState = .idle
                condition.wait()
            }
            guard !isShutDown else {
                threadState = .busy
                condition.unlock()
                return
            }
            threadState = .busy
            condition.unlock()
            writePending()
            // `write` only wakes an idle writer, so lines arriving now gather in `pending`
            // until this interval is over; only `shutdown` cuts it short.
            condition.lock()
            if !isShutDown { condition.wait(for: gatherInterval) }
            condition.unlock()
        }
    }

    /// Takes everything pending (plus `extra`, a line that must follow it) and writes it.
    private func writePending(then extra: [UInt8] = []) {
        writeLock.lock()
        defer { writeLock.unlock() }
        condition.lock()
        var batch = pending
        pending.removeAll(keepingCapacity: true)
        condition.unlock()
        batch.append(contentsOf: extra)
        guard !batch.isEmpty else { return }
        // A descriptor that refuses (closed, full disk) loses the lines, as a plain
        // `write` would: there is nowhere left to report it.
        _ = batch.withUnsafeBytes { FileDescriptorIO.writeAll(fileDescriptor, $0) }
    }
}
