public import Foundation
public import GrainSupport

/// Keeps the data directory small: drafts nobody posted are removed after two days,
/// and the photos of posted stories once their 24 hours (plus a day) are over, when
/// Grain's CDN serves them anyway. Failed drafts stay a week so they can be retried.
/// Sessions unused for their idle lifetime are forgotten, and favourites and comments
/// sent (or given up) more than two days ago, which pages no longer need.
public struct Housekeeper: Sendable {
    public let drafts: DraftStore
    public let data: DataDirectory
    public let sessions: SessionStore
    public let logger: Logger
    public let now: @Sendable () -> Date
    public let socialWrites: SocialWriteStore?

    public init(
        drafts: DraftStore, data: DataDirectory, sessions: SessionStore, logger: Logger, now: @escaping @Sendable () -> Date,
        socialWrites: SocialWriteStore? = nil
    ) {
        self.drafts = drafts
        self.socialWrites = socialWrites
        self.data = data
        self.sessions = sessions
        self.logger = logger
        self.now = now
    }

    /// Removes what is due; returns how many drafts went.
    @discardableResult
    public func sweep() async -> Int {
        let current = now()
        var removed = 0
        let stale = ((try? await drafts.abandoned(before: current.addingTimeInterval(-2 * 86_400))) ?? [])
            + ((try? await drafts.failed(before: current.addingTimeInterval(-7 * 86_400))) ?? [])
        for draft in stale {
            try? FileManager.default.removeItem(atPath: data.draftPhoto(draft.id))
            if (try? await drafts.delete(draft.id)) != nil { removed += 1 }
        }
        if removed > 0 { logger.info("old drafts removed", ["count": String(removed)]) }
        try? await sessions.pruneStale()
        try? await socialWrites?.deleteFinished(before: current.addingTimeInterval(-2 * 86_400))
        return removed
    }

    /// Sweeps now and then every hour until cancelled.
    public func run() async {
        while !Task.isCancelled {
            await sweep()
            try? await Task.sleep(for: .seconds(3600))
        }
    }
}
