/// The slowest a request body may arrive, on average, once its grace period is over.
///
/// A body's time limit alone (600 s for a photo) lets a client hold a connection and its
/// spool space for ten minutes with a byte every 20 s; many such clients took every
/// upload slot. Below this rate the body is cut off with 408. The average is taken from
/// the end of the head, so a pause is fine as long as the whole keeps up.
package struct MinimumBodyRate: Sendable, Equatable {
    package var bytesPerSecond: Int
    /// How long a body may take before the rate is checked at all.
    package var gracePeriod: Duration

    package init(bytesPerSecond: Int, gracePeriod: Duration) {
        self.bytesPerSecond = bytesPerSecond
        self.gracePeriod = gracePeriod
    }

    /// 1 KiB/s after 60 s: a phone on a poor link sends far more, a trickle far less.
    package static let standard = MinimumBodyRate(bytesPerSecond: 1024, gracePeriod: .seconds(60))

    /// Whether `received` bytes in `elapsed` fall below the rate after the grace period.
    func isTooSlow(received: Int, elapsed: Duration) -> Bool {
        guard elapsed > gracePeriod else { return false }
        let (seconds, attoseconds) = elapsed.components
        let expected = Double(bytesPerSecond) * (Double(seconds) + Double(attoseconds) / 1e18)
        return Double(received) < expected
    }
}
