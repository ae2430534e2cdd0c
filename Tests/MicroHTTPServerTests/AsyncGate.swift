import Synchronization

/// A one-shot event that tests and handlers await with a bound: `open()` releases every
/// waiter (and all later ones at once).
final class AsyncGate: Sendable {
    private struct State {
        var isOpen = false
        var nextID = 0
        var waiters: [Int: CheckedContinuation<Bool, Never>] = [:]
    }

    private let state = Mutex(State())

    func open() {
        let waiters = state.withLock { state in
            state.isOpen = true
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume(returning: true) }
    }

    var isOpen: Bool { state.withLock { $0.isOpen } }

    /// Waits until opened (true) or until `timeout` passes (false).
    @discardableResult
    func wait(timeout: Duration = .seconds(30)) async -> Bool {
        await withCheckedContinuation { continuation in
            let id: Int? = state.withLock { state in
                if state.isOpen { return nil }
                state.nextID += 1
                state.waiters[state.nextID] = continuation
                return state.nextID
            }
            guard let id else { return continuation.resume(returning: true) }
            Task {
                try? await Task.sleep(for: timeout)
                let expired = self.state.withLock { $0.waiters.removeValue(forKey: id) }
                expired?.resume(returning: false)
            }
        }
    }
}

/// Opens its gate once `count` parties have arrived.
final class AsyncBarrier: Sendable {
    private let arrived = Mutex(0)
    private let count: Int
    let gate = AsyncGate()

    init(count: Int) {
        self.count = count
    }

    /// Arrives and waits for the others; false if they did not all arrive within `timeout`.
    func arriveAndWait(timeout: Duration) async -> Bool {
        let all = arrived.withLock { arrived in
            arrived += 1
            return arrived >= count
        }
        if all { gate.open() }
        return await gate.wait(timeout: timeout)
    }
}
