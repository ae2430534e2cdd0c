import Synchronization

/// The hourly pruning task of `ActivityCenter`, owned so `stop()` can end it.
final class ActivityPruning: Sendable {
    private let task = Mutex<Task<Void, Never>?>(nil)

    func start(every interval: Duration, _ body: @escaping @Sendable () async -> Void) {
        task.withLock { task in
            guard task == nil else { return }
            task = Task {
                while !Task.isCancelled {
                    await body()
                    try? await Task.sleep(for: interval)
                }
            }
        }
    }

    func stop() { task.withLock { $0?.cancel() } }
}
