/// Whom an account follows, from Grain's AppView (`getFollowing`) instead of the
/// account's own PDS: the same `social.grain.graph.follow` records, as Grain indexed
/// them (a follow made seconds ago may be missing). Used only when the account's PDS
/// cannot be read just now, so a household's strip still shows the people they follow
/// while their PDS is down.
///
/// Bounded like `GraphListing`: at most `maxPages` pages of 100, and a cursor that does
/// not move ends the listing.
package struct AppViewFollowing: Sendable {
    package static let pageSize = 100
    private let client: AppViewClient
    package let maxPages: Int

    package init(client: AppViewClient, maxPages: Int = 20) {
        self.client = client
        self.maxPages = max(1, maxPages)
    }

    /// The account `actor` names and whom it follows, when the AppView knows it: a DID
    /// is taken as it is, a handle is looked up with the AppView's profile (nil when it
    /// knows no such handle). For when the account's identity cannot be resolved just
    /// now (the PLC directory down), so TV's `?for=` still plays the people it follows.
    package func follows(of actor: ATIdentifier) async throws(XRPCError) -> (account: DID, follows: [DID])? {
        let account: DID
        switch actor {
        case .did(let did): account = did
        case .handle:
            guard let profile = try await client.profile(actor: actor) else { return nil }
            account = profile.did
        }
        return (account, try await follows(of: account))
    }

    /// The DIDs `account` follows, each once, newest follow first.
    package func follows(of account: DID) async throws(XRPCError) -> [DID] {
        var follows: [DID] = []
        var seen: Set<DID> = []
        var cursor: String?
        for _ in 0..<maxPages {
            let page = try await client.following(actor: account, limit: Self.pageSize, cursor: cursor)
            for item in page.items where seen.insert(item.did).inserted { follows.append(item.did) }
            guard !page.items.isEmpty, let next = page.cursor, next != cursor else { break }
            cursor = next
        }
        return follows
    }
}
