package import ATProto

/// Whom one account follows on Grain: its `social.grain.graph.follow` subjects, newest
/// follow first, read from its own PDS.
package struct FollowList: Sendable, Equatable {
    package var account: DID
    package var follows: [DID]
    /// The PDS the account was found on (its blocks are read there too); nil when not known.
    package var pdsURL: String?

    package init(account: DID, follows: [DID], pdsURL: String? = nil) {
        self.account = account
        self.follows = follows
        self.pdsURL = pdsURL
    }
}
