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
/// Order: fair between accounts, never by cost. Each job names its account; the account
/// served least recently goes next (an account with nothing running or waiting counts as
/// never served; ties go to the job that arrived first), and within an account jobs run in
/// arrival order. So one account's queue of files delays another account's photo by at
/// most the photos already running: issue 21 found "cheapest first" putting a 1-pixel
/// PNG inflate bomb (whose cost is the size the file claims) ahead of everyone, three of
/// them holding a stranger's photo for 386 s. The cost only decides whether a job fits:
/// when the fairest job does not fit beside the running ones, the next account's job
/// that fits may overtake it, but a job overtaken `maxOvertakes` times goes next: nothing
/// else starts until it fits.
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
        let account: String
        var overtaken = 0
        let continuation: CheckedContinuation<Void, Never>
    }

    private struct State: ~Copyable {
        /// In arrival order.
        var waiting: [Waiter] = []
        var running = 0
        var costInUse = 0
        /// When each account with jobs running or waiting was last served (`turn` then).
        var lastServed: [String: Int] = [:]
        /// Jobs running per account, so an account is forgotten once it has nothing left.
        var runningPerAccount: [String: Int] = [:]
        var turn = 0
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

    /// Waits until the job is admitted (fairly between accounts, see the type), runs `body`
    /// on the pool and returns its result. `account` is whose job it is (a DID for an
    /// upload); jobs of one account run in the order they came.
    public func run<Result: Sendable, Failure: Error>(
        cost: Int, account: String = "", _ body: @escaping @Sendable () throws(Failure) -> Result
    ) async throws(Failure) -> Result {
        let charged = min(max(cost, 0), budget)
        await admit(charged, account: account)
        defer { release(charged, account: account) }
        return try await pool.run(body)
    }

    private func admit(_ cost: Int, account: String) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state -> [CheckedContinuation<Void, Never>] in
                state.waiting.append(Waiter(cost: cost, account: account, continuation: continuation))
                return Self.startWhatFits(&state, budget: budget, slots: slots, maxOvertakes: maxOvertakes)
            }
            for job in ready { job.resume() }
        }
    }

    private func release(_ cost: Int, account: String) {
        let ready = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.running -= 1
            state.costInUse -= cost
            state.runningPerAccount[account, default: 1] -= 1
            if state.runningPerAccount[account] == 0 {
                state.runningPerAccount[account] = nil
                if !state.waiting.contains(where: { $0.account == account }) { state.lastServed[account] = nil }
            }
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
            let order = fairOrder(state)
            var chosen: Int?
            for (rank, index) in order.enumerated() {
                if state.waiting[index].cost <= remaining {
                    chosen = index
                    for skipped in order[..<rank] { state.waiting[skipped].overtaken += 1 }
                    break
                }
                if state.waiting[index].overtaken >= maxOvertakes { break }  // it goes next, when it fits
            }
            guard let chosen else { break }
            let job = state.waiting.remove(at: chosen)
            state.running += 1
            state.costInUse += job.cost
            state.turn += 1
            state.lastServed[job.account] = state.turn
            state.runningPerAccount[job.account, default: 0] += 1
            started.append(job.continuation)
        }
        return started
    }

    /// The index of each account's oldest waiting job, the account served least recently
    /// first (never served before all; ties by arrival).
    private static func fairOrder(_ state: borrowing State) -> [Int] {
        var heads: [String: Int] = [:]
        for index in state.waiting.indices where heads[state.waiting[index].account] == nil {
            heads[state.waiting[index].account] = index
        }
        return heads.values.sorted { left, right in
            let leftTurn = state.lastServed[state.waiting[left].account] ?? 0
            let rightTurn = state.lastServed[state.waiting[right].account] ?? 0
            return leftTurn != rightTurn ? leftTurn < rightTurn : left < right
        }
    }
}
