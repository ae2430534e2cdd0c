/// An in-memory cache for upstream answers with a short lifetime.
///
/// - Fresh entries are returned as they are.
/// - Stale entries are returned at once while one background refresh runs
///   (stale-while-revalidate), so a slow AppView never slows a page that has data.
/// - Concurrent requests for the same key share one upstream call (single flight).
/// - A failed load falls back to the last good value, marked as stale, for up to
///   `maxStaleness`; only with nothing to fall back on does the error reach the caller.
/// - At most `capacity` keys are kept; the least recently used go first, so hostile
///   requests for endless distinct keys cannot grow memory without bound.
public actor RefreshingCache<Key: Hashable & Sendable, Value: Sendable> {
    public typealias Loader = @Sendable (Key) async throws -> Value

    /// A value and whether it is older than its lifetime because a refresh failed.
    public struct Lookup: Sendable {
        public let value: Value
        /// True when the value is past its lifetime and the last refresh failed.
        public let isStale: Bool
    }

    private struct Entry {
        var value: Value
        var fetchedAt: ContinuousClock.Instant
        var lastUsed: UInt64
        var lastRefreshFailed: Bool
    }

    private let lifetime: Duration
    private let maxStaleness: Duration
    private let capacity: Int
    private let loader: Loader
    private let now: @Sendable () -> ContinuousClock.Instant
    private var entries: [Key: Entry] = [:]
    private var inFlight: [Key: Task<Value, any Error>] = [:]
    private var useCounter: UInt64 = 0

    public init(
        lifetime: Duration, maxStaleness: Duration = .seconds(24 * 3600), capacity: Int = 2048,
        now: @escaping @Sendable () -> ContinuousClock.Instant = { .now },
        loader: @escaping Loader
    ) {
        self.lifetime = lifetime
        self.maxStaleness = maxStaleness
        self.capacity = max(1, capacity)
        self.now = now
        self.loader = loader
    }

    /// The value for `key`. `refresh` skips the fresh copy (a browser reload) but still
    /// shares an in-flight call and still falls back to the last good value on failure.
    public func value(for key: Key, refresh: Bool = false) async throws -> Lookup {
        let current = now()
        if var entry = entries[key] {
            useCounter += 1
            entry.lastUsed = useCounter
            entries[key] = entry
            let age = current - entry.fetchedAt
            if !refresh, age < lifetime {
                return Lookup(value: entry.value, isStale: false)
            }
            if !refresh, age < maxStaleness {
                startLoad(key)
                return Lookup(value: entry.value, isStale: entry.lastRefreshFailed)
            }
        }
        do {
            return Lookup(value: try await startLoad(key).value, isStale: false)
        } catch {
            if let entry = entries[key], current - entry.fetchedAt < maxStaleness {
                return Lookup(value: entry.value, isStale: true)
            }
            throw error
        }
    }

    /// Drops `key`, for example after the user deleted the story it describes.
    public func invalidate(_ key: Key) {
        entries[key] = nil
    }

    /// Replaces the value for `key`, for example with a just-posted story the AppView
    /// has not indexed yet.
    public func store(_ value: Value, for key: Key) {
        useCounter += 1
        entries[key] = Entry(value: value, fetchedAt: now(), lastUsed: useCounter, lastRefreshFailed: false)
        evictIfNeeded()
    }

    /// The cached value without loading, fresh or not.
    public func peek(_ key: Key) -> Value? { entries[key]?.value }

    @discardableResult
    private func startLoad(_ key: Key) -> Task<Value, any Error> {
        if let running = inFlight[key] { return running }
        let loader = self.loader
        let task = Task<Value, any Error> {
            let result: Result<Value, any Error>
            do { result = .success(try await loader(key)) } catch { result = .failure(error) }
            self.finish(key, result)
            return try result.get()
        }
        inFlight[key] = task
        return task
    }

    private func finish(_ key: Key, _ result: Result<Value, any Error>) {
        inFlight[key] = nil
        switch result {
        case .success(let value):
            store(value, for: key)
        case .failure:
            entries[key]?.lastRefreshFailed = true
        }
    }

    private func evictIfNeeded() {
        guard entries.count > capacity else { return }
        // Evict a batch down to 90 % so a flood of new keys does not sort on every insert.
        let excess = entries.count - capacity * 9 / 10
        for key in entries.sorted(by: { $0.value.lastUsed < $1.value.lastUsed }).prefix(excess).map(\.key) {
            entries[key] = nil
        }
    }
}
