import Synchronization

/// Runs costly blocking jobs on a `WorkerThreadPool`, starting each only when a thread
/// is free *and* its declared cost (for photos: the estimated peak memory) fits in what
/// is left of a shared budget.
///
/// Why: photos used to be processed one at a time on one thread, so a queue of hostile
/// uploads that each take seconds delayed everyone else's by tens of seconds. With two
/// threads and a budget, two expensive jobs cannot run together and exhaust memory, but
/// a cheap job still runs beside an expensive one.
///
/// Order: of the waiting jobs that fit, the cheapest starts first (ties in arrival
/// order), so a small photo is never stuck behind a queue of large ones. So that a
/// steady flow of cheap jobs cannot starve an expensive one, a job that has been
/// overtaken `maxOvertakes` times goes next: nothing else starts until it fits.
///
/// A job declaring more than the whole budget is counted as exactly the budget (it then
/// runs alone); callers refuse such jobs beforehand. Waiting is not cancellable: an
/// admitted or waiting job always runs, as every pool job does.
public final class BudgetedWorkQueue: Sendable {
    /// What the queue is doing, for logs and for tests that wait for a state.
    public struct Status: Sendable, Equatable {
        /// Jobs admitted and not yet finished.
        public var running: Int
        /// Jobs waiting for a thread or for budget.
        public var waiting: Int
        /// The sum of the running jobs' costs.
        public var costInUse: Int

        public init(running: Int, waiting: Int, costInUse: Int) {
            self.running = running
            self.waiting = waiting
            self.costInUse = costInUse
        }
    }

    private struct Waiter {
        let cost: Int
        var overtaken = 0
        let continuation: CheckedContinuation<Void, Never>
    }

    private struct State: ~Copyable {
        /// In arrival order.
        var waiting: [Waiter] = []
        var running = 0
        var costInUse = 0
    }

    private let state = Mutex(State())
    private let pool: WorkerThreadPool
    /// The most the running jobs' costs may add up to.
    public let budget: Int
    /// The most jobs running at once: the pool's thread count.
    public let slots: Int
    /// How often a waiting job may be overtaken by cheaper ones before it goes next.
    public let maxOvertakes: Int

    public init(pool: WorkerThreadPool, budget: Int, maxOvertakes: Int = 4) {
        precondition(budget > 0, "a work queue needs a positive budget")
        precondition(maxOvertakes >= 0, "maxOvertakes cannot be negative")
        self.pool = pool
        self.budget = budget
        self.slots = pool.threadCount
        self.maxOvertakes = maxOvertakes
    }

    public var status: Status {
        state.withLock { Status(running: $0.running, waiting: $0.waiting.count, costInUse: $0.costInUse) }
    }

    /// Waits until the job is admitted, runs `body` on the pool and returns its result.
    public func run<Result: Sendable, Failure: Error>(
        cost: Int, _ body: @escaping @Sendable () throws(Failure) -> Result
    ) async throws(Failure) -> Result {
        let charged = min(max(cost, 0), budget)
        await admit(charged)
        defer { release(charged) }
        return try await pool.run(body)
    }

    private func admit(_ cost: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state -> [CheckedContinuation<Void, Never>] in
                state.waiting.append(Waiter(cost: cost, continuation: continuation))
                return Self.startWhatFits(&state, budget: budget, slots: slots, maxOvertakes: maxOvertakes)
            }
            for job in ready { job.resume() }
        }
    }

    private func release(_ cost: Int) {
        let ready = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.running -= 1
            state.costInUse -= cost
            return Self.startWhatFits(&state, budget: budget, slots: slots, maxOvertakes: maxOvertakes)
        }
        for job in ready { job.resume() }
    }

    /// Admits waiting jobs while a slot is free and the chosen one fits; returns their
    /// continuations, to be resumed outside the lock.
    private static func startWhatFits(
        _ state: inout State, budget: Int, slots: Int, maxOvertakes: Int
    ) -> [CheckedContinuation<Void, Never>] {
        var started: [CheckedContinuation<Void, Never>] = []
        while state.running < slots, !state.waiting.isEmpty {
            let remaining = budget - state.costInUse
            let chosen: Int
            if let starved = state.waiting.firstIndex(where: { $0.overtaken >= maxOvertakes }) {
                guard state.waiting[starved].cost <= remaining else { break }
                chosen = starved
            } else {
                var best: Int?
                for index in state.waiting.indices where state.waiting[index].cost <= remaining {
                    if best.map({ state.waiting[index].cost < state.waiting[$0].cost }) ?? true { best = index }
                }
                guard let best else { break }
                chosen = best
            }
            for index in 0..<chosen { state.waiting[index].overtaken += 1 }
            let job = state.waiting.remove(at: chosen)
            state.running += 1
            state.costInUse += job.cost
            started.append(job.continuation)
        }
        return started
    }
}
