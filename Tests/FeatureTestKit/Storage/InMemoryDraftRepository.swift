package import ATProto
package import Accounts
package import Foundation
package import Posting
import Synchronization

/// `DraftRepository` in memory: the contract suite's second adapter. Each method is one
/// critical section (the quota is counted in the same one as the insert), rows keep
/// exactly the columns the SQLite table keeps (publishing columns survive a cancel, as
/// they do there), and times are whole seconds.
package final class InMemoryDraftRepository: DraftRepository {
    /// One draft as the `drafts` table holds it.
    struct Row {
        var draft: Draft
        var step: PublishProgress.Step?
        var recordCreatedAt: Datetime?
        var blob: BlobRef?
        var storyURI: ATURI?
        var storyCID: String?
        var attempts = 0
        var nextAttemptAt: Int64?
        /// The problem in its stored form (`WriteProblem.stored`), as the column holds it.
        var problem: String?

        /// The publishing columns read as SQLite's adapter reads them.
        var progress: PublishProgress {
            let status: PublishProgress.Status =
                switch draft.state {
                case .posted: .posted
                case .failed: .failed
                default: .pending
                }
            return PublishProgress(
                draftID: draft.id, did: draft.did, pdsURL: draft.pdsURL, step: step ?? .profile,
                recordCreatedAt: recordCreatedAt ?? Datetime(Date(timeIntervalSince1970: 0)), blob: blob, storyURI: storyURI,
                storyCID: storyCID,
                attempts: WriteAttempts(count: attempts, nextAt: StoredSeconds.date(nextAttemptAt ?? 0), problem: problem.map(WriteProblem.init(stored:))),
                status: status)
        }
    }

    let rows = Mutex<[DraftID: Row]>([:])

    package init() {}

    package func insert(_ draft: Draft) async throws {
        try rows.withLock { rows throws(InMemoryRepositoryError) in try Self.insert(draft, into: &rows) }
    }

    package func insert(_ draft: Draft, within quota: DraftQuota) async throws -> DraftQuota.Insertion {
        try rows.withLock { rows throws(InMemoryRepositoryError) -> DraftQuota.Insertion in
            if let refusal = quota.refusal(for: Self.usage(of: draft.did, in: rows), adding: draft.photoBytes) { return .refused(refusal) }
            try Self.insert(draft, into: &rows)
            return .inserted
        }
    }

    package func usage(of did: DID) async throws -> DraftQuota.Usage {
        rows.withLock { Self.usage(of: did, in: $0) }
    }

    package func find(_ id: DraftID) async throws -> Draft? { rows.withLock { $0[id]?.draft } }

    package func find(did: DID, storyRKey: RecordKey) async throws -> Draft? {
        rows.withLock { $0.values.first { $0.draft.did == did && $0.draft.storyRKey == storyRKey }?.draft }
    }

    package func allIDs() async throws -> Set<DraftID> { rows.withLock { Set($0.keys) } }

    package func delete(_ id: DraftID) async throws { _ = rows.withLock { $0.removeValue(forKey: id) } }

    package func posted(since date: Date) async throws -> [Draft] {
        let cutoff = date.timeIntervalSince1970.rounded(.towardZero)
        return drafts { $0.state == .posted && $0.createdAt.timeIntervalSince1970 >= cutoff }.sorted { $0.createdAt < $1.createdAt }
    }

    package func unfinished(of account: AccountSession, limit: Int) async throws -> [(draft: Draft, progress: PublishProgress?)] {
        let open: Set<Draft.State> = [.draft, .publishing, .failed]
        let found = rows.withLock { rows in
            rows.values.filter { $0.draft.belongs(to: account) && open.contains($0.draft.state) }
        }
        return found.sorted { a, b in
            a.draft.createdAt != b.draft.createdAt
                ? a.draft.createdAt > b.draft.createdAt : a.draft.id.rawValue.utf8.lexicographicallyPrecedes(b.draft.id.rawValue.utf8)
        }.prefix(limit).map { ($0.draft, $0.step == nil ? nil : $0.progress) }
    }

    package func abandoned(before date: Date) async throws -> [Draft] {
        let cutoff = date.timeIntervalSince1970.rounded(.towardZero)
        return drafts { ($0.state == .draft || $0.state == .posted) && $0.createdAt.timeIntervalSince1970 < cutoff }
    }

    package func failed(before date: Date) async throws -> [Draft] {
        let cutoff = date.timeIntervalSince1970.rounded(.towardZero)
        return drafts { $0.state == .failed && $0.createdAt.timeIntervalSince1970 < cutoff }
    }

    private func drafts(where include: (Draft) -> Bool) -> [Draft] {
        rows.withLock { $0.values.map(\.draft).filter(include) }
    }

    /// Inserts as the table would: the id and both record keys are unique, labels go
    /// through their comma-joined form, and the creation time keeps whole seconds.
    private static func insert(_ draft: Draft, into rows: inout [DraftID: Row]) throws(InMemoryRepositoryError) {
        guard rows[draft.id] == nil else { throw .keyTaken(draft.id.rawValue) }
        for row in rows.values where row.draft.storyRKey == draft.storyRKey || row.draft.postRKey == draft.postRKey {
            throw .keyTaken(draft.storyRKey.rawValue)
        }
        var stored = draft
        stored.labels = draft.labels.joined(separator: ",").split(separator: ",").map(String.init)
        stored.createdAt = StoredSeconds.date(StoredSeconds.of(draft.createdAt))
        rows[draft.id] = Row(draft: stored)
    }

    private static func usage(of did: DID, in rows: [DraftID: Row]) -> DraftQuota.Usage {
        let mine = rows.values.filter { $0.draft.did == did }
        return DraftQuota.Usage(drafts: mine.filter { $0.draft.state != .posted }.count, bytes: mine.reduce(0) { $0 + $1.draft.photoBytes })
    }
}
