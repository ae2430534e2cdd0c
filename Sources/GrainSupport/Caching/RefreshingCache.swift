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
/// - `immediateValue(for:)` answers synchronously, from any thread (the HTTP server's
///   own, for a page whose data is cached), whatever `value(for:)` would answer without
///   loading: a fresh entry, a stale one while its key pauses after a failure, or the
///   remembered failure. The entries and failures sit behind a lock rather than in the
///   actor's state; loads and refreshes stay in the actor.
package actor RefreshingCache<Key: Hashable & Sendable, Value: Sendable, Failure: Error> {
    package typealias Loader = @Sendable (Key) async throws(Failure) -> Value

    /// A value and whether it is older than its lifetime because a refresh failed.
    package struct Lookup: Sendable {
        package let value: Value
        /// True when the value is past its lifetime and the last refresh failed.
        package let isStale: Bool
        /// From `immediateValue(for:)`, for a fresh value: until when the same answer
        /// stands, unless `changeCount` moves first.
        package var freshUntil: ContinuousClock.Instant? = nil
    }

    private struct Entry {
        package var value: Value
        var fetchedAt: ContinuousClock.Instant
        package var lastUsed: UInt64
        var lastRefreshFailed: Bool
    }

    /// The entries, the use counter that orders them for eviction, and the failures.
    private struct Table {
        var entries: [Key: Entry] = [:]
        var useCounter: UInt64 = 0
        var failures: FailureBackoff<Key, Failure>

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
    private let table: Mutex<Table>
    /// Tasks return a `Result` because `Task` can only fail with `any Error`; this keeps `Failure`.
    private var inFlight: [Key: Task<Result<Value, Failure>, Never>] = [:]
    private let backoff: FailureBackoff<Key, Failure>.Policy
    /// Counts the changes to the entries and failures (see `changeCount`).
    private let changes = Atomic<UInt64>(0)

    package init(
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
        table = Mutex(Table(failures: FailureBackoff(capacity: self.capacity)))
        backoff = .init(initialDelay: failurePause, maximumDelay: max(failurePause, maxFailurePause))
    }

    /// The value for `key`: fresh from memory, stale from memory (refreshing in the
    /// background unless the key is pausing after a failure), or loaded now. Nothing a
    /// client sends can force a load: reloading a page many times costs Grain nothing.
    package func value(for key: Key) async throws(Failure) -> Lookup {
        let current = now()
        let (paused, found) = table.withLock { table in (table.failures.pausedFailure(for: key, at: current), table.use(key)) }
        if let entry = found {
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

    /// What `value(for:)` would answer now without loading or waiting, from any thread:
    /// a fresh value, a stale one while the key pauses after a failure (then nothing
    /// would be loaded either), or the failure it is pausing after. Nil when a load or a
    /// refresh has to start, which only `value(for:)` does.
    package nonisolated func immediateValue(for key: Key) -> Result<Lookup, Failure>? {
        let current = now()
        let (lifetime, maxStaleness) = (self.lifetime, self.maxStaleness)
        return table.withLock { table -> Result<Lookup, Failure>? in
            let paused = table.failures.pausedFailure(for: key, at: current)
            if let entry = table.entries[key] {
                let age = current - entry.fetchedAt
                if age < lifetime || (age < maxStaleness && paused != nil) {
                    // Marking it used again changes nothing when it already is the latest used.
                    if entry.lastUsed != table.useCounter { _ = table.use(key) }
                    guard age < lifetime else { return .success(Lookup(value: entry.value, isStale: entry.lastRefreshFailed)) }
                    return .success(Lookup(value: entry.value, isStale: false, freshUntil: entry.fetchedAt + lifetime))
                }
                if age < maxStaleness { return nil }
            }
            return paused.map { .failure($0) }
        }
    }

    /// Grows with every change to what the cache holds (a value stored, dropped or
    /// evicted, a failure recorded), from any thread. A caller may keep an answer of
    /// `immediateValue(for:)` for as long as it is fresh and this count stands still:
    /// this class is generic, and used from another module its code is not specialised,
    /// so each lookup pays for finding generic type metadata at run time, which was most
    /// of what the home page's strip lookup cost (issue 26).
    package nonisolated var changeCount: UInt64 { changes.load(ordering: .acquiring) }

    /// Applies a change to the table, then counts it (after, so a caller that sees the
    /// new count and looks again sees the change).
    private nonisolated func change<Answer>(_ body: (inout Table) -> Answer) -> Answer {
        let answer = table.withLock { body(&$0) }
        changes.add(1, ordering: .releasing)
        return answer
    }

    /// Drops `key`, for example after the user deleted the story it describes.
    package func invalidate(_ key: Key) {
        _ = change { $0.entries.removeValue(forKey: key) }
    }

    /// Replaces the value for `key`, for example with a just-posted story the AppView
    /// has not indexed yet.
    package func store(_ value: Value, for key: Key) {
        let fetchedAt = now()
        change { table in
            table.useCounter += 1
            table.entries[key] = Entry(value: value, fetchedAt: fetchedAt, lastUsed: table.useCounter, lastRefreshFailed: false)
        }
        evictIfNeeded()
    }

    /// The cached value without loading, fresh or not.
    package func peek(_ key: Key) -> Value? { table.withLock { $0.entries[key]?.value } }

    /// The cached value, fresh or not (up to `maxStaleness`), from any thread, without
    /// loading, waiting or marking it used: for a caller that checks it against
    /// something newer before relying on it.
    package nonisolated func knownValue(for key: Key) -> Value? {
        let current = now()
        let maxStaleness = self.maxStaleness
        return table.withLock { table in
            guard let entry = table.entries[key], current - entry.fetchedAt < maxStaleness else { return nil }
            return entry.value
        }
    }

    /// How long `key` is left alone after its most recent failure; nil when its last load
    /// worked or it never failed (tests and logs).
    package func failurePause(for key: Key) -> Duration? {
        guard let record = table.withLock({ $0.failures.record(for: key) }) else { return nil }
        return backoff.delay(afterFailures: record.failures)
    }

    /// Waits until no load is running, so tests can look after a background refresh.
    package func settle() async {
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
            change { $0.failures.recordSuccess(for: key) }
            store(value, for: key)
        case .failure(let error):
            let (time, policy) = (now(), backoff)
            change { table in
                table.failures.recordFailure(error, for: key, at: time, policy: policy)
                table.entries[key]?.lastRefreshFailed = true
            }
        }
    }

    private func evictIfNeeded() {
        let capacity = self.capacity
        change { table in
            guard table.entries.count > capacity else { return }
            // Evict a batch down to 90 % so a flood of new keys does not sort on every insert.
            let excess = table.entries.count - capacity * 9 / 10
            for key in table.entries.sorted(by: { $0.value.lastUsed < $1.value.lastUsed }).prefix(excess).map(\.key) {
                table.entries[key] = nil
            }
        }
    }
}
