package import ATProto
package import FoundationEssentials
package import GrainSupport
import Synchronization

/// The comment composer's @mention suggestions, kept from costing anyone else anything.
///
/// Each keystroke can be an actor search on Grain's AppView, over the same connections
/// the pages' story and profile fetches use (`maxConnectionsPerHost` of the shared
/// client). One account searching ten times a second once queued everyone's profile
/// pages behind its searches (0.1 s became 4–5 s). So searches are limited twice:
/// - per account and per client address (`ClientAddressKey`: an IPv6 /64 is one client)
///   by `accountRule` and `addressRule`, a flurry of typing passing at once and a flood
///   held to the refill rate (`.tooMany`, with how long to wait);
/// - in flight: at most `maxInFlight` searches at once, at most one per account
///   (`.busy` beyond that, at once, never queued), so searches hold at most that many
///   of the AppView's connections and page fetches always have the rest.
package final class MentionSuggestions: Sendable {
    /// What a search gave.
    package enum Outcome: Sendable {
        case people([ProfileView])
        /// Over the account's or the address's allowance; try again after this long.
        case tooMany(retryAfter: Duration)
        /// The searches' share of connections is in use (or this account already has one out).
        case busy
    }

    /// 20 at once, then 2 a second, per account: typing a handle asks a few times a
    /// second for a few seconds (the script waits for a pause of 150 ms).
    package static let accountRule = KeyedRateLimiter.Rule(burst: 20, perSecond: 2)
    /// Half as much again per client address, for several people behind one router.
    package static let addressRule = KeyedRateLimiter.Rule(burst: 30, perSecond: 3)
    /// Searches out at once across the server: 2 of the 8 connections per host the
    /// shared client opens (`HTTPClientConfiguration.maxConnectionsPerHost`).
    package static let maxInFlight = 2

    private let typeahead: ActorTypeahead?
    private let limiter: KeyedRateLimiter
    private let inFlight = Mutex<[String: Int]>([:])
    private let limit: Int

    /// - Parameter typeahead: nil for a server built without suggestions (every search
    ///   then finds nobody, still counted).
    package init(typeahead: ActorTypeahead?, maxInFlight: Int = MentionSuggestions.maxInFlight, now: @escaping @Sendable () -> Date) {
        self.typeahead = typeahead
        self.limit = maxInFlight
        limiter = KeyedRateLimiter(now: now)
    }

    /// People for `prefix`, asked by `account` from `client` (already a `ClientAddressKey`).
    /// A search that fails finds nobody: suggestions are a help, never in the way.
    package func search(_ prefix: String, account: String, client: String) async -> Outcome {
        if let wait = limiter.take([("account " + account, Self.accountRule), ("client " + client, Self.addressRule)]) {
            return .tooMany(retryAfter: wait)
        }
        guard let typeahead else { return .people([]) }
        guard enter(account) else { return .busy }
        defer { leave(account) }
        return .people((try? await typeahead.search(prefix)) ?? [])
    }

    /// Takes one of the in-flight places for `account`, if one is free and it holds none.
    private func enter(_ account: String) -> Bool {
        inFlight.withLock { counts in
            guard counts[account] == nil, counts.values.reduce(0, +) < limit else { return false }
            counts[account] = 1
            return true
        }
    }

    private func leave(_ account: String) {
        _ = inFlight.withLock { $0.removeValue(forKey: account) }
    }
}
