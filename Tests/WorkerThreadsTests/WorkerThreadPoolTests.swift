import Foundation
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

    @Test func workRunsOnThePoolsOwnThreads() async {
        let pool = WorkerThreadPool(name: "test-named", threadCount: 1)
        defer { pool.shutdown() }
        // The kernel's name for the running thread, as `top -H` shows it.
        let name = await pool.run {
            (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        }
        #expect(name == "test-named-0")
    }

    /// Blocking work on the pool must not stop the cooperative pool: with both pool
    /// threads asleep, an ordinary task still completes promptly.
    @Test func blockingJobsDoNotStarveAsyncTasks() async {
        let pool = WorkerThreadPool(name: "test-blocking", threadCount: 2)
        defer { pool.shutdown() }
        async let first: Void = pool.run { usleep(300_000) }
        async let second: Void = pool.run { usleep(300_000) }
        let ranMeanwhile = await Task { true }.value
        #expect(ranMeanwhile)
        _ = await (first, second)
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
        // The worker drops its reference right after the job returns; allow it a moment.
        for _ in 0..<100 where weakPayload != nil { try? await Task.sleep(for: .milliseconds(5)) }
        #expect(weakPayload == nil)
    }
}
