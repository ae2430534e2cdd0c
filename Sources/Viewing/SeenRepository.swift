package import ATProto
package import FoundationEssentials

/// Where what a signed-in account has seen is kept, on the server so rings are grey on
/// every device the person uses (the browser cookie covers visitors).
///
/// Contract (checked for every adapter by `SmallRepositoriesContractTests`): per account
/// and author the newer time wins; recording forgets the account's entries older than
/// `SeenState.retention` before `now`; accounts never see each other's entries.
/// Errors: storage failures only.
package protocol SeenRepository: Sendable {
    func state(for did: DID) async throws -> SeenState

    /// Records a seen story (keeping the newer time) and forgets `did`'s entries past
    /// retention, in one atomic change.
    func record(did: DID, author: DID, newestMilliseconds: Int64, now: Date) async throws
}
