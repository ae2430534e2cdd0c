import Dispatch
import Synchronization

/// Runs an async command from the synchronous `main`: the command runs as a detached task
/// on the global executor while the main thread waits on a semaphore, so the main thread
/// never exits (see `Main` for why that matters). Nothing in GrainStories runs on the main
/// actor, so blocking the main thread starves nothing.
enum MainThreadWait {
    static func run(_ command: @escaping @Sendable () async -> Int32) -> Int32 {
        let finished = DispatchSemaphore(value: 0)
        let outcome = Outcome()
        Task.detached {
            let result = await command()
            outcome.status.withLock { $0 = result }
            finished.signal()
        }
        finished.wait()
        return outcome.status.withLock { $0 }
    }

    /// The command's exit status, handed from the task to the waiting main thread.
    private final class Outcome: Sendable {
        let status = Mutex<Int32>(0)
    }
}
