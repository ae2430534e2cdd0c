/// One page of `social.grain.unspecced.getFollowing`: whom an actor follows on Grain,
/// newest follow first, as Grain's AppView computes it from the actor's
/// `social.grain.graph.follow` records. Only the DIDs are read; the profile fields
/// Grain adds when it knows them are not needed here.
///
/// Decoded like the AppView's other lists: an item that is not a valid DID is skipped
/// rather than failing the page, and a cursor of the wrong type ends the listing.
package struct FollowingPage: Decodable, Sendable {
    package struct Item: Decodable, Sendable {
        package let did: DID
    }

    package let items: [Item]
    package let cursor: String?

    private enum CodingKeys: String, CodingKey { case items, cursor }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        items = try container.decodeRequiredLossyArray(Item.self, forKey: .items)
        cursor = container.decodeTolerantly(String.self, forKey: .cursor)
    }
}
