package import FoundationEssentials
import Synchronization

/// How often something may happen per key (an account, a client address): a token bucket
/// that holds at most `burst` and refills `perSecond`, so a short flurry (someone typing a
/// name) passes at once while a steady flood is held to the refill rate.
///
/// One `take` checks several keys together (an account and the address it comes from)
/// and takes from all of them or none, so a refusal by one never spends another's
/// allowance. A refusal says how long until the request would pass, for `Retry-After`.
/// Memory is bounded: past `maxKeys` keys, those idle longest are forgotten (a bucket
/// idle long enough is full again, the same as one never seen).
package final class KeyedRateLimiter: Sendable {
    /// One kind of key's allowance.
    package struct Rule: Sendable, Equatable {
        package var burst: Int
        package var perSecond: Double

        package init(burst: Int, perSecond: Double) {
            self.burst = burst
            self.perSecond = perSecond
        }
    }

    private struct Bucket {
        var tokens: Double
        var updated: Date
    }

    private let maxKeys: Int
    private let now: @Sendable () -> Date
    private let buckets = Mutex<[String: Bucket]>([:])

    package init(maxKeys: Int = 10_000, now: @escaping @Sendable () -> Date = Date.init) {
        self.maxKeys = maxKeys
        self.now = now
    }

    /// Takes one from the bucket of each key (by its rule) if every one has it; nil
    /// then. Otherwise takes nothing and gives how long until all would have one (at
    /// least a second, in whole seconds).
    package func take(_ requests: [(key: String, rule: Rule)]) -> Duration? {
        let current = now()
        return buckets.withLock { buckets in
            var filled: [(String, Bucket)] = []
            var wait = 0.0
            for (key, rule) in requests {
                var bucket = buckets[key] ?? Bucket(tokens: Double(rule.burst), updated: current)
                let elapsed = max(0, current.timeIntervalSince(bucket.updated))
                bucket.tokens = min(Double(rule.burst), bucket.tokens + elapsed * rule.perSecond)
                bucket.updated = current
                if bucket.tokens < 1 { wait = max(wait, rule.perSecond > 0 ? (1 - bucket.tokens) / rule.perSecond : 3600) }
                filled.append((key, bucket))
            }
            guard wait == 0 else { return .seconds(max(1, Int(wait.rounded(.up)))) }
            for (key, var bucket) in filled {
                bucket.tokens -= 1
                buckets[key] = bucket
            }
            if buckets.count > maxKeys { Self.forget(from: &buckets, down: maxKeys * 9 / 10) }
            return nil
        }
    }

    /// Drops the buckets that have been idle longest (the fullest by now) until `count` remain.
    private static func forget(from buckets: inout [String: Bucket], down count: Int) {
        let excess = buckets.count - count
        guard excess > 0 else { return }
        for key in buckets.sorted(by: { $0.value.updated < $1.value.updated }).prefix(excess).map(\.key) {
            buckets[key] = nil
        }
    }
}
