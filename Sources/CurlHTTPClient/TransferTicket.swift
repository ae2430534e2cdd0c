import Synchronization

/// One request's submission state, shared by the awaiting task and its cancellation
/// handler, so that a cancellation arriving before, during or after submission is
/// handled exactly once.
///
/// `withTaskCancellationHandler` runs `onCancel` at once when the task is already
/// cancelled, before the operation has submitted anything; without this record the
/// driver thread would see "cancel 7" before "start 7" and run the transfer anyway.
final class TransferTicket: Sendable {
    enum Phase { case fresh, submitted, cancelled }

    let id: UInt64
    private let phase = Mutex(Phase.fresh)

    init(id: UInt64) {
        self.id = id
    }

    /// Runs `submit` under the ticket's lock unless cancelled; returns false if cancelled.
    /// Holding the lock while enqueueing keeps "start" ahead of any "cancel" in the queue.
    func submitUnlessCancelled(_ submit: () -> Void) -> Bool {
        phase.withLock { phase in
            guard phase == .fresh else { return false }
            phase = .submitted
            submit()
            return true
        }
    }

    /// Marks the ticket cancelled and runs `cancelSubmitted` (under the lock) if the
    /// request had already been handed to the driver thread.
    func cancel(_ cancelSubmitted: () -> Void) {
        phase.withLock { phase in
            if phase == .submitted { cancelSubmitted() }
            phase = .cancelled
        }
    }
}
