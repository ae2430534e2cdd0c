import Synchronization

/// A fixed set of dedicated threads for blocking work (TurboJPEG, SQLite, resolver calls).
///
/// On Linux, Swift concurrency's cooperative pool and Dispatch's global queues share
/// threads; a blocking C call on either can starve every async handler in the process.
/// Work submitted here runs on threads this pool owns, and the awaiting task is resumed
/// through a continuation, so the cooperative pool never blocks.
public final class WorkerThreadPool: Sendable {
    /// One unit of queued work; it runs the closure and resumes its continuation itself.
    private typealias Job = @Sendable () -> Void

    /// Queued jobs and whether the pool is shutting down, behind one lock.
    private struct State: ~Copyable {
        /// Taken jobs are set to nil at once so their captures (which may include
        /// secrets or large buffers) are released as soon as the job has run.
        var jobs: [Job?] = []
        var head = 0
        var isShutDown = false
    }

    private let state = Mutex(State())
    private let condition = ConditionLock()
    /// How many threads run jobs (so at most this many run at once).
    public let threadCount: Int
    public let name: String

    /// Starts `threadCount` threads named `name-0`, `name-1`, … (visible in debuggers and
    /// `top -H`; Linux keeps the first 15 bytes of each).
    public init(name: String, threadCount: Int) {
        precondition(threadCount > 0, "a worker pool needs at least one thread")
        self.name = name
        self.threadCount = threadCount
        for index in 0..<threadCount {
            let threadName = "\(name)-\(index)"
            DedicatedThread.start(name: threadName, stackSize: 4 << 20) { [self] in self.runLoop() }
        }
    }

    /// Runs `body` on one of the pool's threads and returns its result to the caller.
    public func run<Result: Sendable, Failure: Error>(
        _ body: @escaping @Sendable () throws(Failure) -> Result
    ) async throws(Failure) -> Result {
        let outcome: Swift.Result<Result, Failure> = await withCheckedContinuation { continuation in
            let job: Job = {
                do throws(Failure) {
                    continuation.resume(returning: .success(try body()))
                } catch {
                    continuation.resume(returning: .failure(error))
                }
            }
            if !enqueue(job) {
                // Shut down: run inline rather than strand the caller forever.
                job()
            }
        }
        return try outcome.get()
    }

    /// Lets the threads finish queued work and exit. Later `run` calls execute inline.
    public func shutdown() {
        state.withLock { $0.isShutDown = true }
        condition.lock()
        condition.broadcast()
        condition.unlock()
    }

    private func enqueue(_ job: @escaping Job) -> Bool {
        let accepted = state.withLock { state -> Bool in
            guard !state.isShutDown else { return false }
            state.jobs.append(job)
            return true
        }
        if accepted {
            condition.lock()
            condition.signal()
            condition.unlock()
        }
        return accepted
    }

    private func nextJob() -> Job?? {
        state.withLock { state -> Job?? in
            if state.head < state.jobs.count, let job = state.jobs[state.head] {
                state.jobs[state.head] = nil
                state.head += 1
                if state.head > 64, state.head * 2 > state.jobs.count {
                    state.jobs.removeFirst(state.head)
                    state.head = 0
                }
                return .some(job)
            }
            return state.isShutDown ? .none : .some(nil)
        }
    }

    private func runLoop() {
        while true {
            condition.lock()
            var next = nextJob()
            while case .some(.none) = next {
                condition.wait()
                next = nextJob()
            }
            condition.unlock()
            guard case .some(.some(let job)) = next else { return }
            job()
        }
    }
}
