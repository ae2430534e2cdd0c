import Foundation
import Synchronization
import TestKit
import Testing
import WorkerThreads

@Suite struct WorkerThreadPoolTests {
    struct Boom: Error, Equatable {}

    @Test func resultsComeBackToTheCaller() async throws {
        let pool = WorkerThreadPool(name: "test-results", threadCount: 2)
        defer { pool.shutdown() }
        let value = try await pool.run { () throws(Boom) -> Int in 6 * 7 }
        #expect(value == 42)
    }

    @Test func errorsArriveTyped() async {
        let pool = WorkerThreadPool(name: "test-errors", threadCount: 1)
        defer { pool.shutdown() }
        await #expect(throws: Boom.self) {
            try await pool.run { () throws(Boom) -> Int in throw Boom() }
        }
    }

    /// The kernel's name for the running thread, as `top -H` shows it.
    static func kernelThreadName() -> String {
        (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "(unreadable)"
    }

    /// The very first job already sees the name: each thread names itself before it
    /// takes any work, so no job can observe the name it inherited from its creator.
    @Test func workRunsOnThePoolsOwnThreads() async {
        let pool = WorkerThreadPool(name: "test-named", threadCount: 1)
        defer { pool.shutdown() }
        let name = await pool.run { Self.kernelThreadName() }
        #expect(name == "test-named-0")
    }

    /// Linux refuses names over 15 bytes outright (the thread would keep its creator's
    /// name), so the pool cuts them, never inside a character.
    @Test func longNamesAreCutToWhatLinuxKeeps() async {
        let ascii = WorkerThreadPool(name: "a-very-long-pool-name", threadCount: 1)
        defer { ascii.shutdown() }
        #expect(await ascii.run { Self.kernelThreadName() } == "a-very-long-poo")
        // Nine two-byte characters: seven fit in 15 bytes, the eighth would be split.
        let accented = WorkerThreadPool(name: "ééééééééé", threadCount: 1)
        defer { accented.shutdown() }
        #expect(await accented.run { Self.kernelThreadName() } == "ééééééé")
    }

    /// Blocking work on the pool must not stop the cooperative pool: while both pool
    /// threads are provably blocked (their jobs have started and wait on a gate only
    /// this test opens), an ordinary detached task still completes. A watchdog thread
    /// opens the gate after 20 s and records that it did, so a pool that starved the
    /// cooperative pool fails this test instead of hanging it.
    @Test func blockingJobsDoNotStarveAsyncTasks() async {
        let gate = DispatchSemaphore(value: 0)
        let watchdog = Watchdog(after: 20) {
            gate.signal()
            gate.signal()
        }
        let pool = WorkerThreadPool(name: "test-blocking", threadCount: 2)
        defer { pool.shutdown() }
        let started = DispatchSemaphore(value: 0)
        let finished = Counter()
        let job: @Sendable () -> Void = {
            started.signal()
            gate.wait()
            finished.increment()
        }
        async let first: Void = pool.run(job)
        async let second: Void = pool.run(job)
        let bothStarted = await onOwnThread {
            started.wait(timeout: .now() + 20) == .success && started.wait(timeout: .now() + 20) == .success
        }
        #expect(bothStarted, "the two jobs never both started")
        let jobsStillBlocked = await Task.detached { finished.value == 0 }.value
        let inTime = watchdog.disarm()
        #expect(inTime, "the task completed only after the watchdog released the pool's threads")
        #expect(jobsStillBlocked, "the task ran only after the blocking jobs had finished")
        if inTime {
            gate.signal()
            gate.signal()
        }
        _ = await (first, second)
        #expect(finished.value == 2)
    }

    @Test func manyConcurrentJobsAllComplete() async {
        let pool = WorkerThreadPool(name: "test-many", threadCount: 3)
        defer { pool.shutdown() }
        let total = await withTaskGroup(of: Int.self) { group in
            for index in 0..<500 { group.addTask { await pool.run { index } } }
            return await group.reduce(0, +)
        }
        #expect(total == (0..<500).reduce(0, +))
    }

    final class Payload: Sendable {}

    /// Finished jobs must not keep what they captured alive (secrets, big buffers).
    @Test func finishedJobsReleaseWhatTheyCaptured() async {
        let pool = WorkerThreadPool(name: "test-release", threadCount: 1)
        defer { pool.shutdown() }
        weak var weakPayload: Payload?
        do {
            let payload = Payload()
            weakPayload = payload
            await pool.run { _ = payload }
        }
        // The worker drops its reference right after the job returns.
        #expect(await eventually { weakPayload == nil })
    }
}

/// Runs `body` on a thread of its own, so blocking waits stay off the cooperative pool.
private func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: body()) }.start()
    }
}

/// A count shared between pool threads and the test.
private final class Counter: Sendable {
    private let count = Mutex(0)
    func increment() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}

/// Calls `fire` on its own thread after `seconds` unless disarmed first, and tells the
/// disarming test which of the two happened first.
private final class Watchdog: Sendable {
    private enum State { case armed, disarmed, fired }
    private let state = Mutex(State.armed)
    private let disarmed = DispatchSemaphore(value: 0)

    init(after seconds: Double, _ fire: @escaping @Sendable () -> Void) {
        Thread { [self] in
            guard disarmed.wait(timeout: .now() + seconds) == .timedOut else { return }
            let fires = self.state.withLock { state -> Bool in
                guard state == .armed else { return false }
                state = .fired
                return true
            }
            if fires { fire() }
        }.start()
    }

    /// True if disarmed before the watchdog fired.
    func disarm() -> Bool {
        let inTime = state.withLock { state -> Bool in
            guard state == .armed else { return false }
            state = .disarmed
            return true
        }
        disarmed.signal()
        return inTime
    }
}
