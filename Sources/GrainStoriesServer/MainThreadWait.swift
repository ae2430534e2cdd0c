import Dispatch
import Glibc
import Synchronization

/// Runs an async command from the synchronous `main`: the command runs as a detached task
/// on the global executor while the main thread waits on a semaphore, so the main thread
/// never exits (see `Main` for why that matters). Nothing in GrainStories runs on the main
/// actor, so blocking the main thread starves nothing.
///
/// The main thread unblocks every signal first, as `dispatch_main` did for the async main:
/// a process started by a parent that blocks signals (Foundation's `Process` called from a
/// Dispatch thread, as the tests start the server) inherits that mask in every thread, and
/// SIGTERM would then stay pending for ever instead of reaching `TerminationSignals`.
enum MainThreadWait {
    static func run(_ command: @escaping @Sendable () async -> Int32) -> Int32 {
        var none = sigset_t()
        sigemptyset(&none)
        pthread_sigmask(SIG_SETMASK, &none, nil)
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
