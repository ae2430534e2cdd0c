/// How long to wait before reconnecting after `failures` failures in a row: doubling from
/// `base` up to `cap`, with "equal jitter" (half fixed, half random) so that many servers
/// cut off at once by a Jetstream restart do not all come back in the same second. Pure:
/// the random fraction is passed in.
package struct ReconnectBackoff: Sendable, Equatable {
    package var base: Duration
    package var cap: Duration

    package init(base: Duration = .seconds(1), cap: Duration = .seconds(300)) {
        self.base = base
        self.cap = cap
    }

    /// The wait after `failures` (≥ 1) failures; `random` in 0...1.
    package func delay(afterFailures failures: Int, random: Double) -> Duration {
        let exponent = min(max(failures - 1, 0), 30)
        let full = min(cap, base * (1 << exponent))
        let half = full / 2
        return half + half * min(max(random, 0), 1)
    }
}
