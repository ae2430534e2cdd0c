public import ATProto

/// Whom one account follows on Grain: its `social.grain.graph.follow` subjects, newest
/// follow first, read from its own PDS.
public struct FollowList: Sendable, Equatable {
    public var account: DID
    public var follows: [DID]
    /// The PDS the account was found on (its blocks are read there too); nil when not known.
    public var pdsURL: String?

    public init(account: DID, follows: [DID], pdsURL: String? = nil) {
        self.account = account
        self.follows = follows
        self.pdsURL = pdsURL
    }
}
