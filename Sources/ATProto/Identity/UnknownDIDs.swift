import Synchronization

/// The `did:plc`s the PLC directory said just now it does not know (404 or 410),
/// remembered for `lifetime`, so the same made-up DID typed again and again costs the
/// directory one call, not one per try. Only that answer is remembered: an unreachable
/// directory or a document that could not be read is asked again next time.
///
/// Bounded: at most `capacity` DIDs; when full it starts over (a forgotten DID costs
/// one more call, never a wrong answer).
final class UnknownDIDs: Sendable {
    let lifetime: Duration
    let capacity: Int
    private let now: @Sendable () -> ContinuousClock.Instant
    private let until = Mutex<[String: ContinuousClock.Instant]>([:])

    init(lifetime: Duration, capacity: Int = 10_000, now: @escaping @Sendable () -> ContinuousClock.Instant) {
        self.lifetime = lifetime
        self.capacity = capacity
        self.now = now
    }

    /// Whether the directory said `did` is unknown less than `lifetime` ago.
    func contains(_ did: String) -> Bool {
        let current = now()
        return until.withLock { until in
            guard let expiry = until[did] else { return false }
            if current < expiry { return true }
            until[did] = nil
            return false
        }
    }

    /// Remembers that the directory does not know `did`.
    func insert(_ did: String) {
        let expiry = now().advanced(by: lifetime)
        until.withLock { until in
            if until.count >= capacity { until.removeAll(keepingCapacity: true) }
            until[did] = expiry
        }
    }
}
