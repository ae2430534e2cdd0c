package import ATProto

extension AuthorizedPDS {
    /// Decodes any record value without keeping it (existence checks).
    private struct AnyRecord: Decodable {
        init(from decoder: any Decoder) throws {}
    }

    /// Creates `record` under `rkey` in the account's repository unless it is already
    /// there. The key is chosen before the first attempt (and stored with the work), so
    /// a retry after a lost answer or a restart finds the record the first attempt made:
    /// it is looked up before creating, and again when creating fails.
    package func createOnce<Record: Encodable & Sendable>(
        _ account: AccountSession, collection: NSID, rkey: RecordKey, record: Record
    ) async throws(Failure) -> RecordRef {
        if let existing = try await existingRecord(account, collection: collection, rkey: rkey) { return existing }
        do {
            return try await client(for: account).createRecord(repo: account.did, collection: collection, rkey: rkey, record: record)
        } catch {
            // The first attempt may have been stored even though its answer was lost.
            if let existing = try? await existingRecord(account, collection: collection, rkey: rkey) { return existing }
            throw error
        }
    }

    /// The record's reference when the account's repository has it.
    package func existingRecord(_ account: AccountSession, collection: NSID, rkey: RecordKey) async throws(Failure) -> RecordRef? {
        try await client(for: account).getRecord(repo: account.did, collection: collection, rkey: rkey, as: AnyRecord.self).map { $0.ref }
    }
}
