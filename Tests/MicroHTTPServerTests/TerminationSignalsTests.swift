import Glibc
import MicroHTTPServer
import Synchronization
import Testing

@Suite struct TerminationSignalsTests {
    @Test func sigtermIsDeliveredToWaitersInsteadOfKillingTheProcess() async {
        // Installed before the signal is sent: from here on SIGTERM cannot terminate us.
        TerminationSignals.install()
        #expect(kill(getpid(), SIGTERM) == 0)
        let received = await firstOf(TerminationSignals.wait, orNilAfter: .seconds(10))
        #expect(received == SIGTERM)
        // The signal is remembered: later waiters learn about it at once.
        let again = await firstOf(TerminationSignals.wait, orNilAfter: .seconds(10))
        #expect(again == SIGTERM)
        // SIGPIPE is ignored: writing to a pipe nobody reads fails instead of killing us.
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        close(ends[0])
        var byte: UInt8 = 1
        #expect(write(ends[1], &byte, 1) == -1)
        #expect(errno == EPIPE)
        close(ends[1])
    }

    /// The value of `operation`, or nil if it takes longer than `timeout`.
    private func firstOf(_ operation: @escaping @Sendable () async -> Int32, orNilAfter timeout: Duration) async -> Int32? {
        let slot = ContinuationSlot()
        return await withCheckedContinuation { continuation in
            slot.store(continuation)
            Task { slot.resume(returning: await operation()) }
            Task {
                try? await Task.sleep(for: timeout)
                slot.resume(returning: nil)
            }
        }
    }
}

/// Resumes a stored continuation at most once, whoever comes first.
private final class ContinuationSlot: Sendable {
    private let continuation = Mutex<CheckedContinuation<Int32?, Never>?>(nil)

    func store(_ continuation: CheckedContinuation<Int32?, Never>) {
        self.continuation.withLock { $0 = continuation }
    }

    func resume(returning value: Int32?) {
        continuation.withLock { $0.take() }?.resume(returning: value)
    }
}
