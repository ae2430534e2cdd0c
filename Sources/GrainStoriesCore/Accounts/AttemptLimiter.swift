public import Foundation

/// Counts attempts per key (a client address) in a sliding window and says when there
/// have been too many, so sign-in cannot be used to guess passwords at speed. Memory is
/// bounded: the oldest keys are dropped first.
public actor AttemptLimiter {
    private let limit: Int
    private let window: TimeInterval
    private let maxKeys: Int
    private let now: @Sendable () -> Date
    private var attempts: [String: [Date]] = [:]

    public init(limit: Int, window: TimeInterval, maxKeys: Int = 10_000, now: @escaping @Sendable () -> Date = Date.init) {
        self.limit = limit
        self.window = window
        self.maxKeys = maxKeys
        self.now = now
    }

    /// Records an attempt for `key`; false when it is over the limit (and not counted).
    public func allow(_ key: String) -> Bool {
        let current = now()
        var recent = (attempts[key] ?? []).filter { current.timeIntervalSince($0) < window }
        guard recent.count < limit else {
            attempts[key] = recent
            return false
        }
        recent.append(current)
        attempts[key] = recent
        if attempts.count > maxKeys {
            let cutoff = current.addingTimeInterval(-window)
            attempts = attempts.filter { ($0.value.last ?? .distantPast) > cutoff }
            if attempts.count > maxKeys { attempts.removeAll() }
        }
        return true
    }
}
