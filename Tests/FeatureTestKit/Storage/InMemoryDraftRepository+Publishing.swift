package import ATProto
import Accounts
package import Foundation
package import Posting
import Synchronization

extension InMemoryDraftRepository {
    @discardableResult
    package func publish(
        _ id: DraftID, place: DraftPlace?, labels: [String], crosspost: Bool, createdAt: Datetime, now: Date
    ) async throws -> Bool {
        change(id, when: { $0.draft.state == .draft }) { row in
            row.draft.place = place
            row.draft.labels = labels.joined(separator: ",").split(separator: ",").map(String.init)
            row.draft.crosspost = crosspost
            Self.start(&row, createdAt: createdAt, now: now)
        }
    }

    @discardableResult
    package func startPublishing(_ id: DraftID, createdAt: Datetime, now: Date) async throws -> Bool {
        change(id, when: { $0.draft.state == .draft }) { Self.start(&$0, createdAt: createdAt, now: now) }
    }

    package func progress(_ id: DraftID) async throws -> PublishProgress? {
        rows.withLock { rows in rows[id].flatMap { $0.step == nil ? nil : $0.progress } }
    }

    package func due(now: Date, limit: Int) async throws -> [PublishProgress] {
        let now = StoredSeconds.of(now)
        let due = rows.withLock { rows in
            rows.values.filter { $0.draft.state == .publishing && $0.step != nil && ($0.nextAttemptAt ?? .max) <= now }
        }
        return due.sorted { ($0.nextAttemptAt ?? 0) < ($1.nextAttemptAt ?? 0) }.prefix(limit).map(\.progress)
    }

    package func nextDue() async throws -> Date? {
        rows.withLock { rows in
            rows.values.filter { $0.draft.state == .publishing && $0.step != nil }.compactMap(\.nextAttemptAt).min().map(StoredSeconds.date)
        }
    }

    @discardableResult
    package func save(_ progress: PublishProgress) async throws -> Bool {
        change(progress.draftID, when: { $0.step != nil && $0.draft.state == .publishing }) { row in
            row.step = progress.step
            row.blob = progress.blob
            row.storyURI = progress.storyURI
            row.storyCID = progress.storyCID
            row.attempts = progress.attempts.count
            row.nextAttemptAt = StoredSeconds.of(progress.attempts.nextAt)
            row.problem = progress.attempts.problem?.stored
            row.draft.state = progress.draftState
        }
    }

    @discardableResult
    package func cancel(_ id: DraftID) async throws -> Bool {
        change(id, when: { $0.draft.state == .publishing && $0.storyURI == nil }) { row in
            row.draft.state = .draft
            row.step = nil
            row.attempts = 0
            row.nextAttemptAt = nil
            row.problem = nil
        }
    }

    package func retry(_ id: DraftID, now: Date) async throws {
        change(id, when: { $0.step != nil && ($0.draft.state == .failed || ($0.draft.state == .publishing && $0.attempts > 0)) }) { row in
            row.draft.state = .publishing
            row.attempts = 0
            row.nextAttemptAt = StoredSeconds.of(now)
            row.problem = nil
        }
    }

    /// Applies `update` to draft `id` if it matches `condition`, in one critical section
    /// (one `UPDATE … WHERE` in SQLite). Returns whether it did.
    @discardableResult
    private func change(_ id: DraftID, when condition: (Row) -> Bool, _ update: (inout Row) -> Void) -> Bool {
        rows.withLock { rows in
            guard var row = rows[id], condition(row) else { return false }
            update(&row)
            rows[id] = row
            return true
        }
    }

    private static func start(_ row: inout Row, createdAt: Datetime, now: Date) {
        row.draft.state = .publishing
        row.step = .profile
        row.recordCreatedAt = createdAt
        row.attempts = 0
        row.nextAttemptAt = StoredSeconds.of(now)
        row.problem = nil
    }
}
