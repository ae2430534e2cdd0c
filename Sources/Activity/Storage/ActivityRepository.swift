package import ATProto
package import FoundationEssentials

/// Where activity is kept, per recipient, with the Jetstream cursor and each account's
/// activity settings.
///
/// Contract (checked for every adapter by `ActivityRepositoryContractTests`):
/// - an item is added once per (recipient, record): adding it again, or after the record
///   was deleted (`recordDeleted`, even when the deletion came first), adds nothing and
///   answers false, so a replayed event is neither shown twice nor pushed twice;
/// - deleted records' items and gone actors' items are never listed or counted;
/// - `items(for:limit:)` is newest first (ties by record URI), one recipient only;
/// - unseen counts the recipient's items newer than their `markSeen` time;
/// - `prune(before:)` forgets items and deletions older than the cutoff.
/// Errors: storage failures only.
package protocol ActivityRepository: Sendable {
    /// Adds `item` unless its (recipient, record) is known or the record was deleted.
    func add(_ item: ActivityItem) async throws -> Bool
    /// The record is gone: its items disappear, and a later (replayed) create adds nothing.
    func recordDeleted(_ record: ATURI, at: Date) async throws
    /// The actor's account is gone (deleted or taken down): their items disappear.
    func actorGone(_ actor: DID, at: Date) async throws
    /// The recipient's items, newest first.
    func items(for recipient: DID, limit: Int) async throws -> [ActivityItem]
    /// How many items arrived after the recipient last opened their Activity page.
    func unseenCount(for recipient: DID) async throws -> Int
    func markSeen(_ recipient: DID, at: Date) async throws
    /// When the recipient last opened their Activity page (nil: never).
    func lastLook(_ recipient: DID) async throws -> Date?
    /// Forgets items and deletions older than `cutoff`.
    func prune(before cutoff: Date) async throws

    /// The Jetstream cursor (`time_us` of the last event whose effects are stored).
    func cursor() async throws -> Int64?
    func setCursor(_ timeMicroseconds: Int64) async throws

    /// Whether the account lets story authors here see that it watched their stories
    /// (and so sees who watched its own); on unless turned off.
    func sharesViews(_ account: DID) async throws -> Bool
    func setSharesViews(_ account: DID, _ shares: Bool) async throws
}
