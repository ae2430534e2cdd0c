import TestKit
import Testing
import WorkerThreads

/// Admission by cost, order by account: a cheap job is not held up by an expensive one,
/// two expensive ones never run together, accounts take turns (never cheapest first) and
/// nothing starves. Every test holds jobs at gates, so the orders checked do not depend
/// on timing.
@Suite struct BudgetedWorkQueueTests {
    @Test func aSmallJobCompletesWhileALargeOneIsBlocked() async throws {
        let pool = WorkerThreadPool(name: "test-budget-small", threadCount: 2)
        defer { pool.shutdown() }
        let queue = BudgetedWorkQueue(pool: pool, budget: 100)
        let gate = BlockingGate()
        let large = Task { await queue.run(cost: 90) { gate.wait() } }
        #expect(await eventually { gate.hasArrived })
        let small = await queue.run(cost: 10) { 42 }
        #expect(small == 42)
        #expect(queue.status == .init(running: 1, waiting: 0, costInUse: 90), "the large job is still running")
        gate.open()
        #expect(await large.value)
    }

    @Test func twoLargeJobsNeverRunTogetherButSmallOnesPassThem() async throws {
        let pool = WorkerThreadPool(name: "test-budget-large", threadCount: 2)
        defer { pool.shutdown() }
        let queue = BudgetedWorkQueue(pool: pool, budget: 100)
        let first = BlockingGate()
        let secondStarted = Recorder<Bool>()
        let one = Task { await queue.run(cost: 70, account: "A") { first.wait() } }
        #expect(await eventually { first.hasArrived })
        let two = Task { await queue.run(cost: 70, account: "B") { secondStarted.append(true) } }
        #expect(await eventually { queue.status.waiting == 1 })
        #expect(await queue.run(cost: 30, account: "C") { "small" } == "small")
        #expect(secondStarted.all.isEmpty, "the second large job waits for the budget")
        first.open()
        #expect(await one.value)
        await two.value
        #expect(secondStarted.all == [true])
        #expect(queue.status == .init(running: 0, waiting: 0, costInUse: 0))
    }

    /// Issue 21: account A queues three photos, then B one; B's runs second, right after
    /// A's first, not after all of A's.
    @Test func accountsTakeTurnsSoAnotherAccountsPhotoRunsSecond() async throws {
        let pool = WorkerThreadPool(name: "test-budget-fair", threadCount: 1)
        defer { pool.shutdown() }
        let queue = BudgetedWorkQueue(pool: pool, budget: 100)
        let order = Recorder<String>()
        let gate = BlockingGate()
        let blocker = Task { await queue.run(cost: 1, account: "C") { gate.wait() } }
        #expect(await eventually { gate.hasArrived })
        var jobs: [Task<Void, Never>] = []
        for (index, (account, name)) in [("A", "A1"), ("A", "A2"), ("A", "A3"), ("B", "B1")].enumerated() {
            jobs.append(Task { await queue.run(cost: 10, account: account) { order.append(name) } })
            #expect(await eventually { queue.status.waiting == index + 1 })
        }
        gate.open()
        #expect(await blocker.value)
        for job in jobs { await job.value }
        #expect(order.all == ["A1", "B1", "A2", "A3"])
    }

    /// The place in the queue does not come from the cost (a size the file claims): within
    /// an account, and between accounts that had no turn yet, the first to come goes first.
    @Test func aCheaperJobDoesNotJumpTheQueue() async throws {
        let pool = WorkerThreadPool(name: "test-budget-order", threadCount: 1)
        defer { pool.shutdown() }
        let queue = BudgetedWorkQueue(pool: pool, budget: 100)
        let order = Recorder<Int>()
        let gate = BlockingGate()
        let blocker = Task { await queue.run(cost: 1, account: "X") { gate.wait() } }
        #expect(await eventually { gate.hasArrived })
        var jobs: [Task<Void, Never>] = []
        for (index, (account, cost)) in [("A", 50), ("B", 30), ("A", 10), ("C", 1)].enumerated() {
            jobs.append(Task { await queue.run(cost: cost, account: account) { order.append(cost) } })
            #expect(await eventually { queue.status.waiting == index + 1 })
        }
        gate.open()
        #expect(await blocker.value)
        for job in jobs { await job.value }
        #expect(order.all == [50, 30, 1, 10])
    }

    /// A job that does not fit beside the running ones may be overtaken by another
    /// account's that fits, but only `maxOvertakes` times: then it goes next.
    @Test func aJobThatDoesNotFitIsOvertakenOnlySoOften() async throws {
        let pool = WorkerThreadPool(name: "test-budget-starve", threadCount: 2)
        defer { pool.shutdown() }
        let queue = BudgetedWorkQueue(pool: pool, budget: 100, maxOvertakes: 1)
        let order = Recorder<String>()
        let gate = BlockingGate()
        let blocker = Task { await queue.run(cost: 30, account: "X") { gate.wait() } }
        #expect(await eventually { gate.hasArrived })
        let big = Task { await queue.run(cost: 80, account: "A") { order.append("big") } }
        #expect(await eventually { queue.status.waiting == 1 })
        await queue.run(cost: 10, account: "B") { order.append("small-1") }
        let small = Task { await queue.run(cost: 30, account: "C") { order.append("small-2") } }
        #expect(await eventually { queue.status.waiting == 2 }, "small-2 fits but waits behind the overtaken job")
        gate.open()
        #expect(await blocker.value)
        await big.value
        await small.value
        #expect(order.all == ["small-1", "big", "small-2"])
    }

    /// A cost above the whole budget is charged as the budget, so the job still runs
    /// (alone) instead of waiting forever.
    @Test func aJobAboveTheBudgetRunsAlone() async throws {
        let pool = WorkerThreadPool(name: "test-budget-over", threadCount: 2)
        defer { pool.shutdown() }
        let queue = BudgetedWorkQueue(pool: pool, budget: 100)
        let gate = BlockingGate()
        let huge = Task { await queue.run(cost: 1_000) { gate.wait() } }
        #expect(await eventually { gate.hasArrived })
        #expect(queue.status.costInUse == 100)
        let small = Task { await queue.run(cost: 1) { 1 } }
        #expect(await eventually { queue.status.waiting == 1 }, "nothing fits beside it")
        gate.open()
        #expect(await huge.value)
        #expect(await small.value == 1)
    }

    @Test func errorsArriveTypedAndReleaseTheBudget() async {
        struct Boom: Error {}
        let pool = WorkerThreadPool(name: "test-budget-error", threadCount: 1)
        defer { pool.shutdown() }
        let queue = BudgetedWorkQueue(pool: pool, budget: 10)
        await #expect(throws: Boom.self) { try await queue.run(cost: 10) { () throws(Boom) -> Int in throw Boom() } }
        #expect(queue.status == .init(running: 0, waiting: 0, costInUse: 0))
    }
}
