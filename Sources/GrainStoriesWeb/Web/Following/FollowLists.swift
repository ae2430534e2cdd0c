import Foundation
public import ATProto
import GrainSupport
import MicroHTTPServer
public import Viewing

/// Whom an account follows, by handle or DID, for TV mode's `?for=` (and anything else
/// that needs a public follow list): the account is located with the same identity
/// resolution as sign-in (handle → DID → PDS), then its `social.grain.graph.follow`
/// records are listed from its own PDS without a session.
///
/// Answers are kept for `lifetime` (five minutes: a TV asks every minute, and a new
/// follow showing a few minutes late is fine), one lookup per account at a time, the
/// last good list served while a PDS is down, and failures paused and doubled like the
/// AppView's, so a wall of TVs costs an account's PDS one listing per five minutes.
/// Unknown accounts are remembered the same way, so a mistyped name asks nobody again
/// and again.
public struct FollowLists: Sendable {
    private enum Lookup: Sendable {
        case found(FollowList)
        case unknown(SignInProblem)
    }

    private let cache: RefreshingCache<ATIdentifier, Lookup, FollowListError>

    public init(
        identity: any IdentityResolving, pds: any PDSConnector, listing: GraphListing = GraphListing(),
        lifetime: Duration = .seconds(300), clock: @escaping @Sendable () -> ContinuousClock.Instant = { .now }
    ) {
        cache = RefreshingCache(lifetime: lifetime, capacity: 256, now: clock) { (actor: ATIdentifier) async throws(FollowListError) in
            let located: LocatedAccount
            do throws(SignInProblem) {
                located = try await identity.locate(identifier: actor.rawValue, pdsOverride: nil)
            } catch {
                // What was typed (400), an account that does not exist (404) or one whose
                // identity is broken (422) will not change by asking again soon.
                guard error.status.code >= 500 else { return .unknown(error) }
                throw .identityUnreachable(actor.rawValue, cause: error)
            }
            guard let did = located.did else {
                return .unknown(SignInProblem(.notFound, "\(actor.rawValue) has no DID"))
            }
            do throws(XRPCError) {
                let follows = try await listing.subjects(of: did, in: .grainFollow, on: pds.connection(to: located.pdsURL))
                return .found(FollowList(account: did, follows: follows))
            } catch {
                if FollowLists.saysNoSuchRepository(error) { return .unknown(SignInProblem(.notFound, error.description)) }
                throw .pdsUnavailable(actor.rawValue, cause: error)
            }
        }
    }

    /// The account's follow list (possibly stale while its PDS is down).
    public func follows(of actor: ATIdentifier) async throws(FollowListError) -> Fetched<FollowList> {
        let lookup = try await cache.value(for: actor)
        switch lookup.value {
        case .found(let list): return Fetched(list, isStale: lookup.isStale)
        case .unknown(let cause): throw .unknownAccount(actor.rawValue, cause: cause)
        }
    }

    /// A PDS says the account is not (or no longer) hosted there: a 404, an error named
    /// `RepoNotFound`, `RepoDeactivated` or `RepoTakendown`, or the reference PDS's 400
    /// `InvalidRequest` "Could not find repo: …" (it names no error of its own for this).
    static func saysNoSuchRepository(_ error: XRPCError) -> Bool {
        guard case .remote(let status, let name, let message) = error else { return false }
        if status == 404 || ["RepoNotFound", "RepoDeactivated", "RepoTakendown"].contains(name ?? "") { return true }
        return status == 400 && (message ?? "").lowercased().hasPrefix("could not find repo")
    }
}
