package import ATProto
package import Accounts
import FoundationEssentials
import GrainSupport
package import Viewing

/// Whom an account follows (or blocks) on Grain: its `social.grain.graph.follow` (or
/// `.block`) subjects, newest first, read from its own PDS without a session. TV mode's
/// `?for=` names the account by handle or DID, located with the same identity
/// resolution as sign-in (handle → DID → PDS); a signed-in person's own lists are read
/// from the PDS their session names, so no identity lookup is needed for them.
///
/// Answers are kept for `lifetime` (five minutes: a TV asks every minute, a home page
/// on every visit, and a new follow showing a few minutes late is fine), one lookup per
/// list at a time, the last good list served while a PDS is down, and failures paused
/// and doubled like the AppView's, so a wall of TVs costs an account's PDS one listing
/// per five minutes. Unknown accounts are remembered the same way, so a mistyped name
/// asks nobody again and again.
///
/// When an account's PDS cannot be read and nothing is remembered yet, its follows are
/// asked of Grain's AppView instead (`getFollowing`, computed from the same records),
/// so a strip of the people someone follows does not turn into everyone's just because
/// their PDS is down. The same holds when the account's identity cannot be resolved
/// (the PLC directory or DNS not answering): the AppView knows the account by its DID,
/// and by its handle through its profile. Only an account that identity resolution says
/// does not exist is unknown. Blocks have no such second source: Grain's AppView does
/// not list them, and without the account's identity its PDS is not known either.
package struct FollowLists: Sendable {
    private enum Lookup: Sendable {
        /// `pdsURL` is nil when the follows came from the AppView without the identity.
        case found(account: DID, pdsURL: String?, subjects: [DID])
        case unknown(IdentityError)
    }

    /// One list: whose (a name to locate, or a DID on a known PDS) and which collection.
    private struct Query: Hashable, Sendable {
        var actor: ATIdentifier
        /// The account's PDS when it is known (a session); nil to locate the account.
        var pdsURL: String?
        var collection: NSID
    }

    private let cache: RefreshingCache<Query, Lookup, FollowListError>

    package init(
        identity: any IdentityResolving, pds: any PDSConnector, listing: GraphListing = GraphListing(),
        appView: AppViewFollowing? = nil,
        lifetime: Duration = .seconds(300), clock: @escaping @Sendable () -> ContinuousClock.Instant = { .now }
    ) {
        cache = RefreshingCache(lifetime: lifetime, capacity: 512, now: clock) { (query: Query) async throws(FollowListError) in
            let did: DID
            let pdsURL: String
            if let known = query.pdsURL, case .did(let account) = query.actor {
                (did, pdsURL) = (account, known)
            } else {
                let located: LocatedAccount
                do throws(IdentityError) {
                    located = try await identity.locate(identifier: query.actor.rawValue, pdsOverride: nil)
                } catch {
                    // What was typed, an account that does not exist or one whose identity
                    // is broken will not change by asking again soon; only a service
                    // that did not answer is worth asking again.
                    guard case .unreachable = error else { return .unknown(error) }
                    if query.collection == .grainFollow, let appView, let known = try? await appView.follows(of: query.actor) {
                        return .found(account: known.account, pdsURL: nil, subjects: known.follows)
                    }
                    throw .identityUnreachable(query.actor.rawValue, cause: error)
                }
                guard let found = located.did else {
                    return .unknown(.handleNotFound(query.actor.rawValue))
                }
                (did, pdsURL) = (found, located.pdsURL)
            }
            do throws(XRPCError) {
                let subjects = try await listing.subjects(of: did, in: query.collection, on: pds.connection(to: pdsURL))
                return .found(account: did, pdsURL: pdsURL, subjects: subjects)
            } catch {
                if FollowLists.saysNoSuchRepository(error) { return .unknown(.didNotFound(did.rawValue)) }
                if query.collection == .grainFollow, let appView, let follows = try? await appView.follows(of: did) {
                    return .found(account: did, pdsURL: pdsURL, subjects: follows)
                }
                throw .pdsUnavailable(query.actor.rawValue, cause: error)
            }
        }
    }

    /// The account's follow list (possibly stale while its PDS is down).
    package func follows(of actor: ATIdentifier) async throws(FollowListError) -> Fetched<FollowList> {
        let (account, pdsURL, subjects) = try await list(Query(actor: actor, pdsURL: nil, collection: .grainFollow))
        return Fetched(FollowList(account: account, follows: subjects.value, pdsURL: pdsURL), isStale: subjects.isStale)
    }

    /// An account's own follows or blocks (`collection`), read from the PDS its session
    /// (or its `FollowList`) names (possibly stale while that PDS is down). Blocks are
    /// public records: TV's `?for=` leaves out whom that account blocks.
    package func subjects(of account: DID, on pdsURL: String, in collection: NSID) async throws(FollowListError) -> Fetched<[DID]> {
        try await list(Query(actor: .did(account), pdsURL: pdsURL, collection: collection)).subjects
    }

    private func list(_ query: Query) async throws(FollowListError) -> (account: DID, pdsURL: String?, subjects: Fetched<[DID]>) {
        let lookup = try await cache.value(for: query)
        switch lookup.value {
        case .found(let account, let pdsURL, let subjects): return (account, pdsURL, Fetched(subjects, isStale: lookup.isStale))
        case .unknown(let cause): throw .unknownAccount(query.actor.rawValue, cause: cause)
        }
    }

    /// A PDS says the account is not (or no longer) hosted there: a 404, an error named
    /// `RepoNotFound`, `RepoDeactivated` or `RepoTakendown`, or the reference PDS's 400
    /// `InvalidRequest` "Could not find repo: …" (it names no error of its own for this).
    static func saysNoSuchRepository(_ error: XRPCError) -> Bool {
        guard case .remote(let status, let name, let message, _) = error else { return false }
        if status == 404 || ["RepoNotFound", "RepoDeactivated", "RepoTakendown"].contains(name ?? "") { return true }
        return status == 400 && (message ?? "").lowercased().hasPrefix("could not find repo")
    }
}
