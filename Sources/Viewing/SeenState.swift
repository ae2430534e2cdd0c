package import ATProto
package import FoundationEssentials

/// Which stories someone has seen: per author, the `createdAt` of the newest story of
/// theirs this person has viewed. An author is seen once that reaches their
/// `latestAt` (the rule Grain's iOS app uses).
///
/// Kept per browser in a compact cookie for visitors and per account on the server for
/// signed-in users. Only the last two days matter (stories live 24 hours), and at most
/// `maxAuthors` entries are kept, newest first, so the cookie stays far below 4 KB.
package struct SeenState: Sendable, Equatable {
    package static let maxAuthors = 80
    package static let retention: TimeInterval = 48 * 3600

    /// Author DID → milliseconds since 1970 of the newest seen story.
    package private(set) var newestSeen: [DID: Int64]

    package init(newestSeen: [DID: Int64] = [:]) {
        self.newestSeen = newestSeen
    }

    /// Whether every story of an author whose newest story is `latestAt` was seen.
    package func hasSeenAll(author did: DID, latestAt: Datetime) -> Bool {
        guard let seen = newestSeen[did] else { return false }
        return seen >= SeenState.milliseconds(latestAt)
    }

    /// Whether a story created at `createdAt` by `did` was seen.
    package func hasSeen(author did: DID, createdAt: Datetime) -> Bool {
        hasSeenAll(author: did, latestAt: createdAt)
    }

    /// Records that the story created at `createdAt` was shown. Returns whether
    /// anything changed (so callers only write when needed).
    @discardableResult
    package mutating func markSeen(author did: DID, createdAt: Datetime) -> Bool {
        let time = SeenState.milliseconds(createdAt)
        if let current = newestSeen[did], current >= time { return false }
        newestSeen[did] = time
        return true
    }

    /// Drops entries older than the retention window and keeps the newest `maxAuthors`.
    package mutating func prune(now: Date) {
        let cutoff = Int64((now.timeIntervalSince1970 - SeenState.retention) * 1000)
        newestSeen = newestSeen.filter { $0.value >= cutoff }
        if newestSeen.count > SeenState.maxAuthors {
            let kept = newestSeen.sorted { $0.value > $1.value }.prefix(SeenState.maxAuthors)
            newestSeen = Dictionary(uniqueKeysWithValues: kept.map { ($0.key, $0.value) })
        }
    }

    /// Combines two states, keeping the newer time per author.
    package func merged(with other: SeenState) -> SeenState {
        SeenState(newestSeen: newestSeen.merging(other.newestSeen) { max($0, $1) })
    }

    package static func milliseconds(_ datetime: Datetime) -> Int64 {
        Int64((datetime.date.timeIntervalSince1970 * 1000).rounded(.down))
    }
}
