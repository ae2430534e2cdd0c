import Synchronization

/// An in-memory cache for upstream answers with a short lifetime.
///
/// - Fresh entries are returned as they are.
/// - Stale entries are returned at once while one background refresh runs
///   (stale-while-revalidate), so a slow AppView never slows a page that has data.
/// - Concurrent requests for the same key share one upstream call (single flight).
/// - A failed load falls back to the last good value, marked as stale, for up to
///   `maxStaleness`; only with nothing to fall back on does the error reach the caller.
/// - After a failed load the key is not asked again for `failurePause` (about 2 s),
///   doubling with every further failure up to `maxFailurePause` (about a minute);
///   meanwhile the stale value, or the remembered error, is served at once. However many
///   requests arrive during an outage, each key costs one upstream call per pause.
/// - At most `capacity` keys are kept; the least recently used go first, so hostile
///   requests for endless distinct keys cannot grow memory without bound.
/// - `Failure` is the loader's own error type and reaches the caller as it is (no
///   `any Error` in between), so what a failure was stays checkable past the cache.
/// - `freshValue(for:)` answers a fresh entry synchronously, from any thread (the HTTP
///   server's own, for a page whose data is cached): the entries sit behind a lock
///   rather than in the actor's state. Loads, refreshes and failures stay in the actor.
public actor RefreshingCache<Key: Hashable & Sendable, Value: Sendable, Failure: Error> {
    public typealias Loader = @Sendable (Key) async throws(Failure) -> Value

    /// A value and whether it is older than its lifetime because a refresh failed.
    public struct Lookup: Sendable {
        public let value: Value
        /// True when the value is past its lifetime and the last refresh failed.
        public let isStale: Bool
    }

    private struct Entry {
        public var value: Value
        var fetchedAt: ContinuousClock.Instant
        public var lastUsed: UInt64
        var lastRefreshFailed: Bool
    }

    /// The entries and the use counter that orders them for eviction.
    private struct Table {
        var entries: [Key: Entry] = [:]
        var useCounter: UInt64 = 0

        /// The entry for `key`, marked as just used.
        mutating func use(_ key: Key) -> Entry? {
            guard var entry = entries[key] else { return nil }
            useCounter += 1
            entry.lastUsed = useCounter
            entries[key] = entry
            return entry
        }
    }

    private let lifetime: Duration
    private let maxStaleness: Duration
    private let capacity: Int
    private let loader: Loader
    private let now: @Sendable () -> ContinuousClock.Instant
    private let table = Mutex(Table())
    /// Tasks return a `Result` because `Task` can only fail with `any Error`; this keeps `Failure`.
    private var inFlight: [Key: Task<Result<Value, Failure>, Never>] = [:]
    private var failures: FailureBackoff<Key, Failure>
    private let backoff: FailureBackoff<Key, Failure>.Policy

    public init(
        lifetime: Duration, maxStaleness: Duration = .seconds(24 * 3600), capacity: Int = 2048,
        failurePause: Duration = .seconds(2), maxFailurePause: Duration = .seconds(60),
        now: @escaping @Sendable () -> ContinuousClock.Instant = { .now },
        loader: @escaping Loader
    ) {
        self.lifetime = lifetime
        self.maxStaleness = maxStaleness
        self.capacity = max(1, capacity)
        self.now = now
        self.loader = loader
        failures = FailureBackoff(capacity: self.capacity)
        backoff = .init(initialDelay: failurePause, maximumDelay: max(failurePause, maxFailurePause))
    }

    /// The value for `key`: fresh from memory, stale from memory (refreshing in the
    /// background unless the key is pausing after a failure), or loaded now. Nothing a
    /// client sends can force a load: reloading a page many times costs Grain nothing.
    public func value(for key: Key) async throws(Failure) -> Lookup {
        let current = now()
        let paused = failures.pausedFailure(for: key, at: current)
        if let entry = table.withLock({ $0.use(key) }) {
            let age = current - entry.fetchedAt
            if age < lifetime {
                return Lookup(value: entry.value, isStale: false)
            }
            if age < maxStaleness {
                if paused == nil { startLoad(key) }
                return Lookup(value: entry.value, isStale: entry.lastRefreshFailed)
            }
        }
        if let paused { throw paused }
        switch await startLoad(key).value {
        case .success(let value):
            return Lookup(value: value, isStale: false)
        case .failure(let error):
            if let entry = table.withLock({ $0.entries[key] }), now() - entry.fetchedAt < maxStaleness {
                return Lookup(value: entry.value, isStale: true)
            }
            throw error
        }
    }

    /// The value for `key` if it is within its lifetime, without waiting for anything;
    /// nil when it is missing or old (`value(for:)` then loads or refreshes it).
    public nonisolated func freshValue(for key: Key) -> Value? {
        let current = now()
        let lifetime = self.lifetime
        return table.withLock { table -> Value? in
            guard let entry = table.entries[key], current - entry.fetchedAt < lifetime else { return nil }
            // Marking it used again changes nothing when it already is the latest used.
            if entry.lastUsed != table.useCounter { _ = table.use(key) }
            return entry.value
        }
    }

    /// Drops `key`, for example after the user deleted the story it describes.
    public func invalidate(_ key: Key) {
        _ = table.withLock { $0.entries.removeValue(forKey: key) }
    }

    /// Replaces the value for `key`, for example with a just-posted story the AppView
    /// has not indexed yet.
    public func store(_ value: Value, for key: Key) {
        let fetchedAt = now()
        table.withLock { table in
            table.useCounter += 1
            table.entries[key] = Entry(value: value, fetchedAt: fetchedAt, lastUsed: table.useCounter, lastRefreshFailed: false)
        }
        evictIfNeeded()
    }

    /// The cached value without loading, fresh or not.
    public func peek(_ key: Key) -> Value? { table.withLock { $0.entries[key]?.value } }

    /// How long `key` is left alone after its most recent failure; nil when its last load
    /// worked or it never failed (tests and logs).
    public func failurePause(for key: Key) -> Duration? {
        guard let record = failures.record(for: key) else { return nil }
        return backoff.delay(afterFailures: record.failures)
    }

    /// Waits until no load is running, so tests can look after a background refresh.
    public func settle() async {
        while let running = inFlight.values.first { _ = await running.value }
    }

    @discardableResult
    private func startLoad(_ key: Key) -> Task<Result<Value, Failure>, Never> {
        if let running = inFlight[key] { return running }
        let loader = self.loader
        let task = Task<Result<Value, Failure>, Never> {
            let result: Result<Value, Failure>
            do throws(Failure) { result = .success(try await loader(key)) } catch { result = .failure(error) }
            self.finish(key, result)
            return result
        }
        inFlight[key] = task
        return task
    }

    private func finish(_ key: Key, _ result: Result<Value, Failure>) {
        inFlight[key] = nil
        switch result {
        case .success(let value):
            failures.recordSuccess(for: key)
            store(value, for: key)
        case .failure(let error):
            failures.recordFailure(error, for: key, at: now(), policy: backoff)
            table.withLock { $0.entries[key]?.lastRefreshFailed = true }
        }
    }

    private func evictIfNeeded() {
        let capacity = self.capacity
        table.withLock { table in
            guard table.entries.count > capacity else { return }
            // Evict a batch down to 90 % so a flood of new keys does not sort on every insert.
            let excess = table.entries.count - capacity * 9 / 10
            for key in table.entries.sorted(by: { $0.value.lastUsed < $1.value.lastUsed }).prefix(excess).map(\.key) {
                table.entries[key] = nil
            }
        }
    }
}
