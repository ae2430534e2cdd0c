/// One page of `social.grain.unspecced.getFollowing`: whom an actor follows on Grain,
/// newest follow first, as Grain's AppView computes it from the actor's
/// `social.grain.graph.follow` records. Only the DIDs are read; the profile fields
/// Grain adds when it knows them are not needed here.
public struct FollowingPage: Decodable, Sendable {
    public struct Item: Decodable, Sendable {
        public let did: DID
    }

    public let items: [Item]
    public let cursor: String?
}
