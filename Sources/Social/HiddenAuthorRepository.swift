package import ATProto
package import FoundationEssentials

/// Where the people each account has hidden ("Hide this person's stories") are kept:
/// Grain's own mutes live only inside its AppView, which this server cannot sign in to,
/// so this server keeps its own list. `HiddenAuthors` sets the limit per account.
///
/// Contract (checked for every adapter by `SmallRepositoriesContractTests`):
/// - `hide` counts and inserts atomically: an account never holds more than `limit`
///   people, and hiding someone already hidden always succeeds and changes nothing;
/// - lists are most recently hidden first (ties by DID); times are kept to the millisecond.
///
/// Errors: storage failures only; a full list is `false`, not an error.
package protocol HiddenAuthorRepository: Sendable {
    /// Whom `did` has hidden, most recently hidden first.
    func hidden(by did: DID) async throws -> [DID]

    /// Hides `author` for `did` at `now`; returns false when `did` already hides `limit`
    /// people (nothing changes).
    @discardableResult
    func hide(_ author: DID, by did: DID, now: Date, limit: Int) async throws -> Bool

    func unhide(_ author: DID, by did: DID) async throws
}
