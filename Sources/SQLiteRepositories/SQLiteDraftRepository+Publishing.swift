package import ATProto
import Accounts
package import FoundationEssentials
package import Posting
import SQLiteStore

extension SQLiteDraftRepository {
    /// Saves the person's choices and starts publishing `id`, in one transaction; only a
    /// draft not yet publishing starts (pressing Publish twice queues it once). Returns
    /// whether it started.
    @discardableResult
    package func publish(
        _ id: DraftID, place: DraftPlace?, labels: [String], crosspost: Bool, createdAt: Datetime, now: Date
    ) async throws -> Bool {
        let address = Self.addressJSON(place)
        return try await database.write { db in
            try db.execute(
                """
                UPDATE drafts SET place_name = ?, place_cell = ?, place_address = ?, labels = ?, crosspost = ?,
                    state = 'publishing', publish_step = 'profile', record_created_at = ?, attempts = 0, next_attempt_at = ?, problem = NULL
                WHERE id = ? AND state = 'draft'
                """, [place?.name, place?.cell, address, labels.joined(separator: ","), crosspost, createdAt, Int64(now.timeIntervalSince1970), id])
            return db.changes > 0
        }
    }

    /// Starts publishing `id` with the choices it has.
    @discardableResult
    package func startPublishing(_ id: DraftID, createdAt: Datetime, now: Date) async throws -> Bool {
        try await database.write { db in
            try db.execute(
                """
                UPDATE drafts SET state = 'publishing', publish_step = 'profile', record_created_at = ?, attempts = 0, next_attempt_at = ?, problem = NULL
                WHERE id = ? AND state = 'draft'
                """, [createdAt, Int64(now.timeIntervalSince1970), id])
            return db.changes > 0
        }
    }

    /// How far publishing `id` got; nil while it is a draft (or when there is no such draft).
    package func progress(_ id: DraftID) async throws -> PublishProgress? {
        try await database.read { db in
            try db.queryOne("SELECT * FROM drafts WHERE id = ? AND publish_step IS NOT NULL", [id]).map(Self.progress(from:))
        }
    }

    /// Publishing drafts whose next attempt is due, oldest first.
    package func due(now: Date, limit: Int) async throws -> [PublishProgress] {
        try await database.read { db in
            try db.query(
                """
                SELECT * FROM drafts WHERE state = 'publishing' AND publish_step IS NOT NULL AND next_attempt_at <= ?
                ORDER BY next_attempt_at LIMIT ?
                """, [Int64(now.timeIntervalSince1970), limit]
            ).map(Self.progress(from:))
        }
    }

    /// When the next publishing draft is due, if any.
    package func nextDue() async throws -> Date? {
        try await database.read { db in
            try db.queryOne("SELECT MIN(next_attempt_at) AS next FROM drafts WHERE state = 'publishing' AND publish_step IS NOT NULL")?
                .optionalInt64("next").map { Date(timeIntervalSince1970: TimeInterval($0)) }
        }
    }

    /// Stores a step's progress and the draft's state, in one statement, only while the
    /// draft is still publishing. Returns false when it no longer is (cancelled or
    /// deleted while the step ran), so the publisher knows its result was not kept.
    @discardableResult
    package func save(_ progress: PublishProgress) async throws -> Bool {
        let blob = progress.blob.flatMap { try? JSONEncoder.atproto.encode($0) }.map { String(decoding: $0, as: UTF8.self) }
        return try await database.write { db in
            try db.execute(
                """
                UPDATE drafts SET publish_step = ?, blob = ?, story_uri = ?, story_cid = ?, attempts = ?, next_attempt_at = ?, problem = ?, state = ?
                WHERE id = ? AND publish_step IS NOT NULL AND state = 'publishing'
                """,
                [
                    progress.step.rawValue, blob, progress.storyURI, progress.storyCID, progress.attempts.count,
                    Int64(progress.attempts.nextAt.timeIntervalSince1970), progress.attempts.problem, progress.draftState.rawValue, progress.draftID,
                ])
            return db.changes > 0
        }
    }

    /// Stops publishing `id` and makes it an editable draft again (the Cancel button):
    /// nothing the person chose is lost, and they can post it later or discard it. Only
    /// before the story exists: once it is on the PDS, cancelling would not undo it.
    /// Returns whether it was cancelled.
    @discardableResult
    package func cancel(_ id: DraftID) async throws -> Bool {
        try await database.write { db in
            try db.execute(
                """
                UPDATE drafts SET state = 'draft', publish_step = NULL, attempts = 0, next_attempt_at = NULL, problem = NULL
                WHERE id = ? AND state = 'publishing' AND story_uri IS NULL
                """, [id])
            return db.changes > 0
        }
    }

    /// Puts a failed draft back in the queue at its current step (the Retry button), or
    /// makes a draft that is waiting to try again try now (Retry now).
    package func retry(_ id: DraftID, now: Date) async throws {
        try await database.write { db in
            try db.execute(
                """
                UPDATE drafts SET state = 'publishing', attempts = 0, next_attempt_at = ?, problem = NULL
                WHERE id = ? AND publish_step IS NOT NULL AND (state = 'failed' OR (state = 'publishing' AND attempts > 0))
                """, [Int64(now.timeIntervalSince1970), id])
        }
    }

    static func addressJSON(_ place: DraftPlace?) -> String? {
        place?.address.flatMap { try? JSONEncoder.atproto.encode($0) }.map { String(decoding: $0, as: UTF8.self) }
    }
}

extension SQLiteDraftRepository {
    /// Reads the publishing columns of a draft row that has started publishing.
    static func progress(from row: Row) throws -> PublishProgress {
        let status: PublishProgress.Status =
            switch Draft.State(rawValue: try row.string("state")) {
            case .posted: .posted
            case .failed: .failed
            default: .pending
            }
        return PublishProgress(
            draftID: try row.value("id", as: DraftID.self),
            did: try row.value("did", as: DID.self),
            pdsURL: try row.string("pds_url"),
            step: PublishProgress.Step(rawValue: try row.optionalString("publish_step") ?? "") ?? .profile,
            recordCreatedAt: try row.value("record_created_at", as: Datetime?.self) ?? Datetime(Date(timeIntervalSince1970: 0)),
            blob: try row.optionalString("blob").flatMap { try? JSONDecoder().decode(BlobRef.self, from: Data($0.utf8)) },
            storyURI: try row.value("story_uri", as: ATURI?.self),
            storyCID: try row.optionalString("story_cid"),
            attempts: WriteAttempts(
                count: try row.int("attempts"),
                nextAt: Date(timeIntervalSince1970: TimeInterval(try row.optionalInt64("next_attempt_at") ?? 0)),
                problem: try row.value("problem", as: WriteProblem?.self)),
            status: status
        )
    }
}
