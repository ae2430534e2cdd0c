public import ATProto

/// Whom one account follows on Grain: its `social.grain.graph.follow` subjects, newest
/// follow first, read from its own PDS.
public struct FollowList: Sendable, Equatable {
    public var account: DID
    public var follows: [DID]

    public init(account: DID, follows: [DID]) {
        self.account = account
        self.follows = follows
    }
}
