/// A background loop that runs a queue's due work, then sleeps until the work says
/// the next item is due or until `kick()` says something new was queued. The story
/// publisher and the favourite/comment outbox each run one; the queues themselves are
/// in the database, so a restart only has to `start` the loop again.
package actor RetryLoop {
    private var loop: Task<Void, Never>?
    private var waiter: CheckedContinuation<Void, Never>?
    private var kicked = false

    package init() {}

    /// Runs `work` (which returns the seconds until it has something due again) over and
    /// over until `stop()`; a second `start` while running does nothing.
    package func start(_ work: @escaping @Sendable () async -> Double) {
        guard loop == nil else { return }
        loop = Task { [weak self] in
            while !Task.isCancelled {
                let sleep = await work()
                guard let self else { return }
                await self.waitForWork(seconds: sleep)
            }
        }
    }

    /// Something new is queued: look now.
    package func kick() {
        if let waiter {
            self.waiter = nil
            waiter.resume()
        } else {
            kicked = true
        }
    }

    package func stop() async {
        loop?.cancel()
        kick()
        await loop?.value
        loop = nil
    }

    /// Sleeps until `kick()` or until `seconds` have passed.
    private func waitForWork(seconds: Double) async {
        if kicked || Task.isCancelled {
            kicked = false
            return
        }
        let timer = Task { [weak self] in
            try? await Task.sleep(for: .seconds(seconds))
            await self?.kick()
        }
        await withCheckedContinuation { waiter = $0 }
        kicked = false
        timer.cancel()
    }
}
