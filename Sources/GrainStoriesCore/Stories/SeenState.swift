public import Foundation

/// Which stories someone has seen: per author, the `createdAt` of the newest story of
/// theirs this person has viewed. An author is seen once that reaches their
/// `latestAt` (the rule Grain's iOS app uses).
///
/// Kept per browser in a compact cookie for visitors and per account on the server for
/// signed-in users. Only the last two days matter (stories live 24 hours), and at most
/// `maxAuthors` entries are kept, newest first, so the cookie stays far below 4 KB.
public struct SeenState: Sendable, Equatable {
    public static let maxAuthors = 80
    static let retention: TimeInterval = 48 * 3600

    /// Author DID → milliseconds since 1970 of the newest seen story.
    public private(set) var newestSeen: [String: Int64]

    public init(newestSeen: [String: Int64] = [:]) {
        self.newestSeen = newestSeen
    }

    /// Whether every story of an author whose newest story is `latestAt` was seen.
    public func hasSeenAll(author did: String, latestAt: String) -> Bool {
        guard let seen = newestSeen[did], let latest = SeenState.milliseconds(latestAt) else { return false }
        return seen >= latest
    }

    /// Whether a story created at `createdAt` by `did` was seen.
    public func hasSeen(author did: String, createdAt: String) -> Bool {
        hasSeenAll(author: did, latestAt: createdAt)
    }

    /// Records that the story created at `createdAt` was shown. Returns whether
    /// anything changed (so callers only write when needed).
    @discardableResult
    public mutating func markSeen(author did: String, createdAt: String) -> Bool {
        guard let time = SeenState.milliseconds(createdAt) else { return false }
        if let current = newestSeen[did], current >= time { return false }
        newestSeen[did] = time
        return true
    }

    /// Drops entries older than the retention window and keeps the newest `maxAuthors`.
    public mutating func prune(now: Date) {
        let cutoff = Int64((now.timeIntervalSince1970 - SeenState.retention) * 1000)
        newestSeen = newestSeen.filter { $0.value >= cutoff }
        if newestSeen.count > SeenState.maxAuthors {
            let kept = newestSeen.sorted { $0.value > $1.value }.prefix(SeenState.maxAuthors)
            newestSeen = Dictionary(uniqueKeysWithValues: kept.map { ($0.key, $0.value) })
        }
    }

    /// Combines two states, keeping the newer time per author.
    public func merged(with other: SeenState) -> SeenState {
        SeenState(newestSeen: newestSeen.merging(other.newestSeen) { max($0, $1) })
    }

    static func milliseconds(_ datetime: String) -> Int64? {
        guard let date = Timestamp.parse(datetime) else { return nil }
        return Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    }
}
