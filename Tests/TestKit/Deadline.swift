import Synchronization

/// Thrown by `withDeadline` when the body did not finish in time.
package struct DeadlineExceeded: Error, CustomStringConvertible {
    package let timeout: Duration
    package var description: String { "did not finish within \(timeout)" }
}

/// Runs `body` and returns its result, or throws `DeadlineExceeded` after `timeout`
/// (cancelling `body`). Unlike a task group it returns on time even if `body` ignores
/// cancellation, so a hung operation fails its test instead of hanging the suite.
package func withDeadline<T: Sendable>(
    _ timeout: Duration,
    _ body: @escaping @Sendable () async -> T
) async throws(DeadlineExceeded) -> T {
    let outcome: Result<T, DeadlineExceeded> = await withCheckedContinuation { continuation in
        let slot = ContinuationSlot(continuation)
        let work = Task {
            let value = await body()
            slot.take()?.resume(returning: .success(value))
        }
        Task {
            try? await Task.sleep(for: timeout)
            if let pending = slot.take() {
                work.cancel()
                pending.resume(returning: .failure(DeadlineExceeded(timeout: timeout)))
            }
        }
    }
    return try outcome.get()
}

/// Hands a continuation to whichever of two tasks asks first.
private final class ContinuationSlot<Value: Sendable>: Sendable {
    private let continuation: Mutex<CheckedContinuation<Value, Never>?>

    init(_ continuation: CheckedContinuation<Value, Never>) {
        self.continuation = Mutex(continuation)
    }

    func take() -> CheckedContinuation<Value, Never>? {
        continuation.withLock { $0.take() }
    }
}
