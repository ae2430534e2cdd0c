/// Remembers recent upstream failures per key, so an unreachable AppView or CDN is
/// asked at most once per key every few seconds instead of once per request.
///
/// After a failure the key is left alone for `initialDelay`; every further failure in a
/// row doubles the pause up to `maximumDelay`, and a success forgets the key. Callers
/// serve what they have (a stale value, the remembered error) while a key is paused.
/// At most `capacity` keys are remembered; the least recently failed go first, so
/// endless distinct failing keys (random profile names, made-up image URLs) cannot grow
/// memory without bound. A plain value: its owner (an actor) keeps it isolated.
package struct FailureBackoff<Key: Hashable & Sendable, Failure: Sendable>: Sendable {
    /// How long to leave a failing key alone.
    package struct Policy: Sendable {
        var initialDelay: Duration
        var maximumDelay: Duration

        /// Upstream hiccups: retry after about 2 s, backing off to a minute.
        package static var transient: Policy { Policy(initialDelay: .seconds(2), maximumDelay: .seconds(60)) }
        /// Answers that say "there is no such thing" (a 404): asked again after a few minutes.
        package static var missing: Policy { Policy(initialDelay: .seconds(300), maximumDelay: .seconds(900)) }

        /// The pause after `failures` failures in a row (1 = the first failure).
        package func delay(afterFailures failures: Int) -> Duration {
            var delay = initialDelay
            var remaining = failures - 1
            while remaining > 0, delay < maximumDelay {
                delay *= 2
                remaining -= 1
            }
            return min(delay, maximumDelay)
        }
    }

    /// A key's current pause.
    package struct Record: Sendable {
        package var failure: Failure
        package var failures: Int
        var retryAt: ContinuousClock.Instant
        package var order: UInt64
    }

    private let capacity: Int
    private var records: [Key: Record] = [:]
    private var counter: UInt64 = 0

    package init(capacity: Int = 4096) {
        self.capacity = max(1, capacity)
    }

    /// The remembered failure while `key` must not be asked again; nil when it may.
    package func pausedFailure(for key: Key, at now: ContinuousClock.Instant) -> Failure? {
        guard let record = records[key], now < record.retryAt else { return nil }
        return record.failure
    }

    /// The pause for `key`, if it has failed recently (tests and logs).
    package func record(for key: Key) -> Record? { records[key] }

    /// Notes a failure of `key` at `now`; returns the pause until it may be asked again.
    @discardableResult
    package mutating func recordFailure(_ failure: Failure, for key: Key, at now: ContinuousClock.Instant, policy: Policy = .transient) -> Duration {
        counter += 1
        let failures = (records[key]?.failures ?? 0) + 1
        let delay = policy.delay(afterFailures: failures)
        records[key] = Record(failure: failure, failures: failures, retryAt: now + delay, order: counter)
        evictIfNeeded()
        return delay
    }

    /// Forgets `key` after it worked.
    package mutating func recordSuccess(for key: Key) {
        records[key] = nil
    }

    /// How many keys are remembered now.
    package var count: Int { records.count }

    private mutating func evictIfNeeded() {
        guard records.count > capacity else { return }
        // Evict a batch down to 90 % so a flood of new keys does not sort on every insert.
        let excess = records.count - capacity * 9 / 10
        for key in records.sorted(by: { $0.value.order < $1.value.order }).prefix(excess).map(\.key) {
            records[key] = nil
        }
    }
}
