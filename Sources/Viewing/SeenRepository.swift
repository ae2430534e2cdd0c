package import ATProto
package import FoundationEssentials

/// Where what a signed-in account has seen is kept, on the server so rings are grey on
/// every device the person uses (the browser cookie covers visitors).
///
/// Contract (checked for every adapter by `SmallRepositoriesContractTests`): per account
/// and author the newer time wins; recording forgets the account's entries older than
/// `SeenState.retention` before `now`; accounts never see each other's entries; `viewers`
/// lists the accounts whose entry for the author reaches the story's time, by DID.
/// Errors: storage failures only.
package protocol SeenRepository: Sendable {
    func state(for did: DID) async throws -> SeenState

    /// Records a seen story (keeping the newer time) and forgets `did`'s entries past
    /// retention, in one atomic change.
    func record(did: DID, author: DID, newestMilliseconds: Int64, now: Date) async throws

    /// The accounts that have seen `author`'s story created at `createdAtMilliseconds` (their
    /// newest seen story of that author is at least as new), the author left out: who
    /// watched it, for the author's "Seen by".
    func viewers(of author: DID, createdAtMilliseconds: Int64) async throws -> [DID]
}
