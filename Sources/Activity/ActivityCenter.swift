package import ATProto
package import FoundationEssentials
package import GrainSupport
package import Viewing

/// Everything the web layer needs of activity, built once by the composition root: the
/// stored activity and push subscriptions, the header's unseen counts, the follower (nil
/// with `--activity off`), the VAPID key, who saw what, and the pruning of old activity.
package struct ActivityCenter: Sendable {
    /// Activity is kept 30 days: stories live 24 hours, but their author keeps them (and
    /// their comments) in the archive, so a month covers a holiday away and catching up;
    /// anything older is forgotten so the table stays small.
    package static let retention: TimeInterval = 30 * 86_400

    package let repository: any ActivityRepository
    package let subscriptions: any PushSubscriptionRepository
    package let unseen: UnseenCounts
    package let follower: JetstreamFollower?
    package let vapid: VAPIDKey?
    package let seenBy: SeenBy
    let logger: Logger
    let now: @Sendable () -> Date
    private let pruning = ActivityPruning()

    package init(
        repository: any ActivityRepository, subscriptions: any PushSubscriptionRepository, unseen: UnseenCounts, follower: JetstreamFollower?,
        vapid: VAPIDKey?, seen: any SeenRepository, logger: Logger, now: @escaping @Sendable () -> Date
    ) {
        self.repository = repository
        self.subscriptions = subscriptions
        self.unseen = unseen
        self.follower = follower
        self.vapid = vapid
        self.seenBy = SeenBy(seen: seen, activity: repository)
        self.logger = logger
        self.now = now
    }

    /// Starts following, counts the signed-in accounts' unseen activity, and prunes old
    /// activity now and every hour.
    package func start(accounts: Set<DID>) async {
        follower?.start()
        for did in accounts { await unseen.refresh(did) }
        pruning.start(every: .seconds(3600)) { [self] in await prune() }
    }

    package func stop() async {
        pruning.stop()
        await follower?.stop()
    }

    /// Forgets activity older than `retention` (the hourly housekeeping).
    package func prune() async {
        do {
            try await repository.prune(before: now().addingTimeInterval(-Self.retention))
        } catch {
            logger.warning("old activity could not be pruned", ["error": String(describing: error)])
        }
    }

    /// What the Activity page says about the follower, or nil when all is well.
    package var notice: String? {
        guard let follower else {
            return "Activity is turned off on this server (--activity off): hearts and comments from the network are not followed."
        }
        switch follower.status {
        case .off, .stopped:
            return "Activity is not being followed right now."
        case .connecting:
            return "Connecting to the network's event stream…"
        case .following:
            return nil
        case .failing(let reason, let since, _):
            return "This server cannot reach the network's event stream (since \(Timestamp.format(since)): \(reason)). "
                + "New hearts and comments will appear once it can; it keeps trying."
        }
    }
}
