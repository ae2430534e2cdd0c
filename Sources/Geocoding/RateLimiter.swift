/// Spaces requests to one service at least `interval` apart across the whole server
/// (Nominatim's usage policy: at most one request per second).
///
/// Each caller reserves the next free slot the moment it arrives, so callers are
/// served in arrival order and the spacing holds however many wait at once. A caller
/// whose slot is more than `maxWait` away is turned away at once instead of queueing:
/// a place suggestion that arrives after the person has moved on is worth nothing,
/// and a burst of requests must not build an ever longer queue.
///
/// Each requester (an account) may hold at most `perRequester` slots not yet reached:
/// one account sending thousands of searches a second once kept the whole queue full,
/// so everyone else's searches found nothing. Its extra searches are turned away at
/// once and the other slots stay free for others.
///
/// The clock and the sleep are injected so tests can run the schedule without waiting.
package actor RateLimiter {
    /// Suspends until the given instant; throws if the waiting task is cancelled.
    package typealias Sleep = @Sendable (ContinuousClock.Instant) async throws -> Void

    private let interval: Duration
    private let maxWait: Duration
    private let now: @Sendable () -> ContinuousClock.Instant
    private let sleep: Sleep
    private let perRequester: Int
    /// The earliest instant the next request may start; nil before the first.
    private var nextSlot: ContinuousClock.Instant?
    /// Slots each requester holds that have not yet been reached.
    private var waiting: [String: Int] = [:]

    package init(
        interval: Duration = .seconds(1), maxWait: Duration = .seconds(5), perRequester: Int = 2,
        now: @escaping @Sendable () -> ContinuousClock.Instant = { .now },
        sleep: @escaping Sleep = { try await Task.sleep(until: $0, clock: .continuous) }
    ) {
        self.interval = interval
        self.maxWait = maxWait
        self.perRequester = perRequester
        self.now = now
        self.sleep = sleep
    }

    /// Waits for the caller's turn and returns the instant it was given, or nil when
    /// that turn is more than `maxWait` away, `requester` already holds its share of
    /// waiting slots (nothing is reserved then), or the caller was cancelled while
    /// waiting (its slot is then simply left unused). A nil requester (work no one
    /// person asked for) has no share of its own.
    package func admit(for requester: String? = nil) async -> ContinuousClock.Instant? {
        let current = now()
        let slot = max(current, nextSlot ?? current)
        guard slot - current <= maxWait else { return nil }
        if let requester {
            guard waiting[requester, default: 0] < perRequester else { return nil }
            waiting[requester, default: 0] += 1
        }
        nextSlot = slot + interval
        defer { if let requester { release(requester) } }
        guard slot > current else { return slot }
        do {
            try await sleep(slot)
        } catch {
            return nil
        }
        return slot
    }

    private func release(_ requester: String) {
        let remaining = waiting[requester, default: 1] - 1
        waiting[requester] = remaining > 0 ? remaining : nil
    }
}
