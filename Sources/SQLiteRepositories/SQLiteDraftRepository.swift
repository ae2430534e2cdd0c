package import ATProto
package import Accounts
package import FoundationEssentials
package import Posting
import SQLiteStore

/// `DraftRepository` over the `drafts` table: drafts and their publishing in one row, so
/// every change of state (saved, publishing started, a step done, retried, failed,
/// posted) is one statement in one transaction, and the quota is counted inside the
/// insert's write transaction (SQLite has one writer at a time).
package struct SQLiteDraftRepository: DraftRepository {
    let database: Database

    package init(database: AppDatabase) { self.database = database.database }

    package func insert(_ draft: Draft) async throws {
        try await database.write { db in
            try db.execute(
                """
                INSERT INTO drafts (id, did, story_rkey, post_rkey, photo_bytes, width, height, has_gps, gps_cell,
                    place_name, place_cell, place_address, labels, crosspost, state, created_at, pds_url)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, Self.bindings(draft))
        }
    }

    /// Inserts `draft` only if it fits its account's `quota`, checked in the same write
    /// transaction, so concurrent uploads cannot slip past the limit together.
    package func insert(_ draft: Draft, within quota: DraftQuota) async throws -> DraftQuota.Insertion {
        try await database.write { db in
            if let refusal = quota.refusal(for: try Self.usage(of: draft.did, in: db), adding: draft.photoBytes) { return .refused(refusal) }
            try db.execute(
                """
                INSERT INTO drafts (id, did, story_rkey, post_rkey, photo_bytes, width, height, has_gps, gps_cell,
                    place_name, place_cell, place_address, labels, crosspost, state, created_at, pds_url)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, Self.bindings(draft))
            return .inserted
        }
    }

    /// What `did` keeps in drafts now (see `DraftQuota`).
    package func usage(of did: DID) async throws -> DraftQuota.Usage {
        try await database.read { db in try Self.usage(of: did, in: db) }
    }

    static func usage(of did: DID, in db: Connection) throws -> DraftQuota.Usage {
        let row = try db.queryOne(
            """
            SELECT COUNT(CASE WHEN state != 'posted' THEN 1 END) AS drafts, COALESCE(SUM(photo_bytes), 0) AS bytes
            FROM drafts WHERE did = ?
            """, [did])
        return DraftQuota.Usage(drafts: try row?.int("drafts") ?? 0, bytes: try row?.int("bytes") ?? 0)
    }

    package func find(_ id: DraftID) async throws -> Draft? {
        try await database.read { db in try db.queryOne("SELECT * FROM drafts WHERE id = ?", [id]).map(Self.draft(from:)) }
    }

    /// The draft that became (or is becoming) `did`'s story `storyRKey`, if it was made here.
    package func find(did: DID, storyRKey: RecordKey) async throws -> Draft? {
        try await database.read { db in
            try db.queryOne("SELECT * FROM drafts WHERE did = ? AND story_rkey = ?", [did, storyRKey]).map(Self.draft(from:))
        }
    }

    /// The ids of every draft there is (a few per account), for finding photos whose
    /// draft is gone. A row whose id no draft can have (edited by hand) is left out
    /// rather than failing the list: it names no photo (`removeMalformedIDs()`).
    package func allIDs() async throws -> Set<DraftID> {
        try await database.read { db in Set(try db.query("SELECT id FROM drafts").compactMap { DraftID(try $0.string("id")) }) }
    }

    package func delete(_ id: DraftID) async throws {
        try await database.write { db in try db.execute("DELETE FROM drafts WHERE id = ?", [id]) }
    }

    /// Deletes the rows whose id is not a `DraftID` and gives those ids, sorted: for a
    /// database restored from elsewhere, where an id such as `../../x` would name a
    /// path. The only place an id is read unchecked, so the check stays in this adapter.
    package func removeMalformedIDs() async throws -> [String] {
        try await database.write { db in
            let malformed = try db.query("SELECT id FROM drafts").map { try $0.string("id") }.filter { DraftID($0) == nil }.sorted()
            for id in malformed { try db.execute("DELETE FROM drafts WHERE id = ?", [id]) }
            return malformed
        }
    }

    /// Posted drafts of the last `hours`, newest last (the local overlay's source).
    package func posted(since date: Date) async throws -> [Draft] {
        let cutoff = Int64(date.timeIntervalSince1970)
        return try await database.read { db in
            try db.query("SELECT * FROM drafts WHERE state = 'posted' AND created_at >= ? ORDER BY created_at", [cutoff]).map(Self.draft(from:))
        }
    }

    /// `account`'s stories that are not posted yet, newest first: still being written as
    /// a draft, posting (or waiting to try again), or failed. The home page lists them so
    /// a story that has not gone out yet is never out of sight.
    /// Each comes with how far its publishing got (nil for a draft), read from the same
    /// row, so the list costs one query however many there are.
    package func unfinished(of account: AccountSession, limit: Int) async throws -> [(draft: Draft, progress: PublishProgress?)] {
        try await database.read { db in
            try db.query(
                """
                SELECT * FROM drafts WHERE did = ? AND pds_url = ? AND state IN ('draft', 'publishing', 'failed')
                ORDER BY created_at DESC, id LIMIT ?
                """, [account.did, account.pdsURL, limit]
            ).map { row in
                (try Self.draft(from: row), try row.optionalString("publish_step") == nil ? nil : try Self.progress(from: row))
            }
        }
    }

    /// Drafts never posted, and posted ones, older than `date`, for cleaning up (a
    /// posted story's photo is only needed while Grain may not have it yet).
    package func abandoned(before date: Date) async throws -> [Draft] {
        let cutoff = Int64(date.timeIntervalSince1970)
        return try await database.read { db in
            try db.query("SELECT * FROM drafts WHERE state IN ('draft', 'posted') AND created_at < ?", [cutoff]).map(Self.draft(from:))
        }
    }

    /// Failed drafts older than `date`.
    package func failed(before date: Date) async throws -> [Draft] {
        let cutoff = Int64(date.timeIntervalSince1970)
        return try await database.read { db in
            try db.query("SELECT * FROM drafts WHERE state = 'failed' AND created_at < ?", [cutoff]).map(Self.draft(from:))
        }
    }

    static func bindings(_ draft: Draft) -> [any DatabaseValueConvertible] {
        let address = addressJSON(draft.place)
        return [
            draft.id, draft.did, draft.storyRKey, draft.postRKey, draft.photoBytes, draft.width, draft.height,
            draft.gpsCell != nil, draft.gpsCell, draft.place?.name, draft.place?.cell, address,
            draft.labels.joined(separator: ","), draft.crosspost, draft.state.rawValue, Int64(draft.createdAt.timeIntervalSince1970),
            draft.pdsURL,
        ]
    }

    static func draft(from row: Row) throws -> Draft {
        var place: DraftPlace?
        if let name = try row.optionalString("place_name"), let cell = try row.optionalString("place_cell") {
            let address = try row.optionalString("place_address").flatMap { try? JSONDecoder().decode(AddressLocation.self, from: Data($0.utf8)) }
            place = DraftPlace(name: name, cell: cell, address: address)
        }
        return Draft(
            id: try row.value("id", as: DraftID.self), did: try row.value("did", as: DID.self), pdsURL: try row.string("pds_url"),
            storyRKey: try row.value("story_rkey", as: RecordKey.self),
            postRKey: try row.value("post_rkey", as: RecordKey.self),
            photoBytes: try row.int("photo_bytes"), width: try row.int("width"), height: try row.int("height"),
            gpsCell: try row.optionalString("gps_cell"), place: place,
            labels: try row.string("labels").split(separator: ",").map(String.init), crosspost: try row.bool("crosspost"),
            state: Draft.State(rawValue: try row.string("state")) ?? .draft,
            createdAt: Date(timeIntervalSince1970: TimeInterval(try row.int64("created_at")))
        )
    }
}
