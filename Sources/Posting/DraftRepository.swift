package import ATProto
package import Accounts
package import FoundationEssentials

/// Where drafts and their publishing are kept: the only writer of a draft's state. A
/// draft is stored only after its photo file is on disk and fsynced (`DraftMaker`), so
/// a stored draft never points at a missing photo; the photo's path is derived from the
/// id (`DataDirectory.draftPhoto`), not stored.
///
/// Contract (checked for every adapter by `DraftRepositoryContractTests`):
/// - `insert(_:within:)` checks the quota and inserts atomically: of any number of
///   concurrent inserts for one account, no more pass than the quota allows;
/// - every change of state (publishing started, a step done, cancelled, retried, failed,
///   posted) is one atomic change, and `publish`/`startPublishing` start a draft once
///   (pressing Publish twice queues it once);
/// - `save(_:)` keeps a step's result only while the draft is still publishing, and
///   `cancel(_:)` works only before the story exists on the PDS;
/// - a draft's `PublishProgress` and its `state` never disagree (one is stored as the other);
/// - times are kept to the whole second (rounded down).
///
/// Errors: storage failures (the adapter's own error). A draft that does not fit its
/// quota is `insert(_:within:)`'s answer (`.refused`), not an error. Missing drafts are
/// nil or false.
package protocol DraftRepository: Sendable {
    func insert(_ draft: Draft) async throws

    /// Inserts `draft` only if it fits its account's `quota`, checked in the same atomic
    /// step as the insert, so concurrent uploads cannot slip past the limit together.
    /// Says whether it was stored or why not.
    func insert(_ draft: Draft, within quota: DraftQuota) async throws -> DraftQuota.Insertion

    /// What `did` keeps in drafts now (see `DraftQuota`): drafts not posted, and the
    /// photo bytes of all its drafts.
    func usage(of did: DID) async throws -> DraftQuota.Usage

    func find(_ id: DraftID) async throws -> Draft?

    /// The draft that became (or is becoming) `did`'s story `storyRKey`, if it was made here.
    func find(did: DID, storyRKey: RecordKey) async throws -> Draft?

    /// The ids of every draft there is (a few per account), for finding photos whose
    /// draft is gone.
    func allIDs() async throws -> Set<DraftID>

    func delete(_ id: DraftID) async throws

    /// Posted drafts created at or after `date`, oldest first (the local overlay's source).
    func posted(since date: Date) async throws -> [Draft]

    /// `account`'s drafts (same DID and PDS) that are not posted yet, newest first (ties
    /// by id), at most `limit`: being written, posting (or waiting to try again), or
    /// failed. Each comes with how far its publishing got (nil while it is a draft), read
    /// in the same step, so the list costs one read however many there are.
    func unfinished(of account: AccountSession, limit: Int) async throws -> [(draft: Draft, progress: PublishProgress?)]

    /// Drafts never posted, and posted ones, created before `date`, for cleaning up.
    func abandoned(before date: Date) async throws -> [Draft]

    /// Failed drafts created before `date`.
    func failed(before date: Date) async throws -> [Draft]

    /// Saves the person's choices and starts publishing `id` at step `profile`, due at
    /// `now`, in one atomic change; only a draft not yet publishing starts. Returns
    /// whether it started.
    @discardableResult
    func publish(_ id: DraftID, place: DraftPlace?, labels: [String], crosspost: Bool, createdAt: Datetime, now: Date) async throws -> Bool

    /// Starts publishing `id` with the choices it has (as `publish` does).
    @discardableResult
    func startPublishing(_ id: DraftID, createdAt: Datetime, now: Date) async throws -> Bool

    /// How far publishing `id` got; nil while it is a draft (or when there is no such draft).
    func progress(_ id: DraftID) async throws -> PublishProgress?

    /// Publishing drafts whose next attempt is due at `now`, earliest due first, at most `limit`.
    func due(now: Date, limit: Int) async throws -> [PublishProgress]

    /// When the next publishing draft is due, if any.
    func nextDue() async throws -> Date?

    /// Stores a step's progress and the draft's state in one atomic change, only while
    /// the draft is still publishing. Returns false when it no longer is (cancelled or
    /// deleted while the step ran), so the publisher knows its result was not kept.
    @discardableResult
    func save(_ progress: PublishProgress) async throws -> Bool

    /// Stops publishing `id` and makes it an editable draft again, keeping the person's
    /// choices; only before the story exists (`storyURI` nil). Returns whether it was cancelled.
    @discardableResult
    func cancel(_ id: DraftID) async throws -> Bool

    /// Puts a failed draft back in the queue at its current step, or makes one waiting
    /// to try again (attempts > 0) due at `now`, with its attempts reset.
    func retry(_ id: DraftID, now: Date) async throws
}

extension DraftRepository {
    /// `unfinished(of:limit:)` with the home page's ten.
    package func unfinished(of account: AccountSession) async throws -> [(draft: Draft, progress: PublishProgress?)] {
        try await unfinished(of: account, limit: 10)
    }

    /// `due(now:limit:)` with the publisher's batch of eight.
    package func due(now: Date) async throws -> [PublishProgress] {
        try await due(now: now, limit: 8)
    }
}
