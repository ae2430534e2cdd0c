package import ATProto
package import FoundationEssentials

/// Where favourites and comments on their way to people's PDSes are kept, and those
/// sent recently (which pages show until the AppView lists them). `SocialOutbox` sends
/// them; a repository only keeps them.
///
/// Contract (checked for every adapter by `SocialWriteRepositoryContractTests`):
/// - exactly once: a record is created from here once; a second favourite or comment
///   with the same account and record key is refused (throws, nothing stored), while
///   deleting a record may be asked for again;
/// - undo never overtakes what it undoes: `due` leaves out a write while an earlier
///   write of the same record (account and record key) is pending, and
///   `waitsForEarlier` says so;
/// - each change of a write's state is one atomic change, and `save` changes a write
///   only while it is pending (a finished write stays finished);
/// - ids grow in the order writes are inserted; lists are oldest (smallest id) first;
/// - times are kept to the whole second (rounded down).
///
/// Errors: storage failures (the adapter's own error), and the refusal of a second
/// creation of the same record. Missing writes are nil.
package protocol SocialWriteRepository: Sendable {
    /// Stores a new write, pending and due at `now`, and returns it with its id; a
    /// reply's `replyTo` and a comment's `facets` are kept with it (a restart sends the
    /// same record).
    func insert(
        did: DID, pdsURL: String, kind: SocialWrite.Kind, rkey: RecordKey, subject: ATURI, text: String?, replyTo: ATURI?,
        facets: [RichTextFacet]?, createdAt: Datetime, now: Date
    ) async throws -> SocialWrite

    func find(_ id: Int64) async throws -> SocialWrite?

    /// Pending writes due at `now` that wait for no earlier pending write of the same
    /// record, oldest first, at most `limit`.
    func due(now: Date, limit: Int) async throws -> [SocialWrite]

    /// Whether an earlier write of the same record is still pending (then this one waits).
    func waitsForEarlier(_ write: SocialWrite) async throws -> Bool

    /// When the next pending write is due, if any.
    func nextDue() async throws -> Date?

    /// Stores an attempt's outcome (status, attempts, next attempt, error) while the
    /// write is still pending.
    func save(_ write: SocialWrite) async throws

    /// `did`'s pending writes of `kinds`, oldest first: what their own repository does
    /// not show yet.
    func unfinished(of did: DID, kinds: [SocialWrite.Kind]) async throws -> [SocialWrite]

    /// The comment and uncomment writes on `subject` queued at or after `since` that are
    /// not failed, oldest first: pages merge them into the AppView's list until it has them.
    func comments(on subject: ATURI, since: Date) async throws -> [SocialWrite]

    /// `did`'s comment write with record key `rkey`, if this server made it.
    func comment(of did: DID, rkey: RecordKey) async throws -> SocialWrite?

    /// Forgets writes that are not pending and were queued before `before`.
    func deleteFinished(before: Date) async throws
}

extension SocialWriteRepository {
    /// `insert` of a write that is not a reply and has no facets.
    package func insert(
        did: DID, pdsURL: String, kind: SocialWrite.Kind, rkey: RecordKey, subject: ATURI, text: String?, createdAt: Datetime, now: Date
    ) async throws -> SocialWrite {
        try await insert(
            did: did, pdsURL: pdsURL, kind: kind, rkey: rkey, subject: subject, text: text, replyTo: nil, facets: nil, createdAt: createdAt,
            now: now)
    }

    /// `due(now:limit:)` with the outbox's batch of sixteen.
    package func due(now: Date) async throws -> [SocialWrite] {
        try await due(now: now, limit: 16)
    }
}
