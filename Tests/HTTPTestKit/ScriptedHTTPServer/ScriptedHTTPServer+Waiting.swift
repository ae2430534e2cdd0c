import Synchronization

extension ScriptedHTTPServer {
    /// What a wait condition can look at.
    package struct Snapshot: Sendable {
        package let acceptedConnections: Int
        package let requestCount: Int
    }

    struct Waiter {
        let id: Int
        let condition: @Sendable (Snapshot) -> Bool
        let continuation: CheckedContinuation<Bool, Never>
    }

    /// Waits until at least `count` requests have arrived; false after `timeout`.
    package func waitForRequests(_ count: Int, timeout: Duration = .seconds(10)) async -> Bool {
        await waitUntil(timeout: timeout) { $0.requestCount >= count }
    }

    /// Waits until `condition` holds (checked at every accept and request), or returns
    /// false after `timeout`. Event-driven: nothing polls.
    package func waitUntil(timeout: Duration, _ condition: @escaping @Sendable (Snapshot) -> Bool) async -> Bool {
        await withTaskGroup(of: Bool.self) { group in
            group.addTask { await self.waitForCondition(condition) }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
    }

    /// Suspends until `condition` holds or the task is cancelled (then returns false).
    private func waitForCondition(_ condition: @escaping @Sendable (Snapshot) -> Bool) async -> Bool {
        let id = state.withLock { state in
            state.nextWaiterID += 1
            return state.nextWaiterID
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let satisfied = state.withLock { state -> Bool? in
                    // Checked under the lock that `onCancel` takes, so a cancellation
                    // that raced ahead of this registration is never missed.
                    if Task.isCancelled { return false }
                    if condition(state.snapshot) { return true }
                    state.waiters.append(Waiter(id: id, condition: condition, continuation: continuation))
                    return nil
                }
                if let satisfied { continuation.resume(returning: satisfied) }
            }
        } onCancel: {
            let waiter = state.withLock { state -> Waiter? in
                guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                return state.waiters.remove(at: index)
            }
            waiter?.continuation.resume(returning: false)
        }
    }

    /// Mutates the state, then resumes every waiter whose condition now holds.
    func update<T>(_ body: (inout State) -> T) -> T {
        let (result, ready) = state.withLock { state -> (T, [Waiter]) in
            let result = body(&state)
            let snapshot = state.snapshot
            let ready = state.waiters.filter { $0.condition(snapshot) }
            state.waiters.removeAll { $0.condition(snapshot) }
            return (result, ready)
        }
        for waiter in ready { waiter.continuation.resume(returning: true) }
        return result
    }
}

extension ScriptedHTTPServer.State {
    var snapshot: ScriptedHTTPServer.Snapshot {
        ScriptedHTTPServer.Snapshot(acceptedConnections: acceptedConnections, requestCount: requests.count)
    }
}
