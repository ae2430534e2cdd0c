import Synchronization

/// A clock tests move by hand, for caches and rate limits with lifetimes.
public final class ManualClock: Sendable {
    private let base = ContinuousClock.now
    private let offset = Mutex<Duration>(.zero)

    public init() {}

    public var now: ContinuousClock.Instant { base.advanced(by: offset.withLock { $0 }) }

    public func advance(by duration: Duration) {
        offset.withLock { $0 += duration }
    }
}
