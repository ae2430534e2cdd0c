/// The slowest a request body may arrive: on average once its grace period is over, and
/// without stalling.
///
/// A body's time limit alone (600 s for a photo) lets a client hold a connection and its
/// spool space for ten minutes with a byte every 20 s; many such clients took every
/// upload slot. Below the average rate the body is cut off with 408; the average is taken
/// from the end of the head, so a pause is fine as long as the whole keeps up. But a
/// client that sends most of a large body at once keeps its average high for hours
/// while it trickles the rest a byte every 15 s, holding its spool space all along (four
/// of them kept everyone else's photos out): so once a body has brought `stallBytes`, it
/// must bring `stallBytes` more within every `stallGap`, or it is cut off too. A body
/// that has not brought `stallBytes` yet is small and in memory, left to the average and
/// its time limit.
package struct MinimumBodyRate: Sendable, Equatable {
    package var bytesPerSecond: Int
    /// How long a body may take before the rate is checked at all.
    package var gracePeriod: Duration
    /// The longest a body may go without `stallBytes` more arriving; nil for no such check.
    package var stallGap: Duration?
    /// What counts as progress within `stallGap`.
    package var stallBytes: Int

    package init(bytesPerSecond: Int, gracePeriod: Duration, stallGap: Duration? = nil, stallBytes: Int = 1024) {
        self.bytesPerSecond = bytesPerSecond
        self.gracePeriod = gracePeriod
        self.stallGap = stallGap
        self.stallBytes = stallBytes
    }

    /// 1 KiB/s after 60 s, and 1 KiB within every 20 s: a phone on a poor link sends far
    /// more, a trickle far less.
    package static let standard = MinimumBodyRate(bytesPerSecond: 1024, gracePeriod: .seconds(60), stallGap: .seconds(20), stallBytes: 1024)

    /// Whether `received` bytes in `elapsed` fall below the rate after the grace period.
    func isTooSlow(received: Int, elapsed: Duration) -> Bool {
        guard elapsed > gracePeriod else { return false }
        let (seconds, attoseconds) = elapsed.components
        let expected = Double(bytesPerSecond) * (Double(seconds) + Double(attoseconds) / 1e18)
        return Double(received) < expected
    }

    /// Whether a body that had `received` bytes, and last made progress at `progress`,
    /// stalled before a chunk arriving at `now`: it had brought `stallBytes` and then
    /// nothing worth `stallBytes` for longer than `stallGap`.
    func hasStalled(received: Int, progress: ContinuousClock.Instant, now: ContinuousClock.Instant) -> Bool {
        guard let stallGap, received >= stallBytes else { return false }
        return now - progress > stallGap
    }
}
