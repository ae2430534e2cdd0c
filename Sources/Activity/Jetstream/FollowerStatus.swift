package import FoundationEssentials

/// What the follower is doing, for the Activity page to say why there is (no) activity.
package enum FollowerStatus: Sendable, Equatable {
    /// `--activity off`.
    case off
    case connecting(host: String)
    case following(host: String, since: Date)
    /// The last attempt failed (`reason` is for the operator's log and the page); the next
    /// one is at `retryAt`.
    case failing(reason: String, since: Date, retryAt: Date)
    case stopped
}
