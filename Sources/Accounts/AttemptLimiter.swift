package import FoundationEssentials
import GrainSupport

/// Counts failed sign-ins per key in a sliding window and says when there have been too
/// many, so sign-in cannot be used to guess passwords at speed.
///
/// Keys name one account as tried from one client (`key(client:account:)`; a client is
/// an IPv4 address or an IPv6 /64, `ClientNetwork`), and only failures count: a success
/// clears its key. So one person's wrong passwords never lock
/// out someone else behind the same proxy or NAT (another account), nor the same account
/// from another address, while guessing one account's password from one client stays
/// bounded at `limit` tries per `window`. Memory is bounded: at most `maxKeys` keys,
/// those whose last failure is oldest dropped first.
package actor AttemptLimiter {
    private let limit: Int
    private let window: TimeInterval
    private let maxKeys: Int
    private let now: @Sendable () -> Date
    private var failures: [String: [Date]] = [:]

    package init(limit: Int, window: TimeInterval, maxKeys: Int = 10_000, now: @escaping @Sendable () -> Date = Date.init) {
        self.limit = limit
        self.window = window
        self.maxKeys = maxKeys
        self.now = now
    }

    /// The key for `account` (a handle or DID, any letter case) tried from `client` (an
    /// address: its whole IPv6 /64 counts as one client).
    package static func key(client: String, account: String) -> String {
        "\(ClientNetwork.key(for: client)) \(account.lowercased())"
    }

    /// True when `key` has had `limit` failures within the window: refuse the attempt.
    package func isLimited(_ key: String) -> Bool {
        let current = now()
        let recent = (failures[key] ?? []).filter { current.timeIntervalSince($0) < window }
        failures[key] = recent.isEmpty ? nil : recent
        return recent.count >= limit
    }

    /// Counts one use of `key` unless it is limited already, in one step (no other call
    /// can slip in between the check and the count): false when refused.
    package func take(_ key: String) -> Bool {
        guard !isLimited(key) else { return false }
        recordFailure(key)
        return true
    }

    /// Counts a failed attempt (a wrong password) for `key`.
    package func recordFailure(_ key: String) {
        let current = now()
        var recent = (failures[key] ?? []).filter { current.timeIntervalSince($0) < window }
        recent.append(current)
        failures[key] = Array(recent.suffix(limit))
        if failures.count > maxKeys {
            let cutoff = current.addingTimeInterval(-window)
            failures = failures.filter { ($0.value.last ?? .distantPast) > cutoff }
        }
        if failures.count > maxKeys {
            // Still full of recent failures: drop the least recently failing tenth.
            let excess = failures.count - maxKeys * 9 / 10
            for stale in failures.sorted(by: { ($0.value.last ?? .distantPast) < ($1.value.last ?? .distantPast) }).prefix(excess).map(\.key) {
                failures[stale] = nil
            }
        }
    }

    /// Forgets the failures of `key` after it signed in.
    package func recordSuccess(_ key: String) {
        failures[key] = nil
    }
}
