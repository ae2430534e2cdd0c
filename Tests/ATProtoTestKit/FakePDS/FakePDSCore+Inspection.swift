package import Foundation

/// Read and seed access to the core's state, for `FakePDS`'s test API and for tests
/// that drive the core without sockets.
extension FakePDSCore {
    /// The account named by handle or DID; nil names the first account.
    package func resolve(_ account: String?) -> FakePDS.Account? {
        guard let account else { return accounts.first }
        return self.account(account)
    }

    /// The records of `did` in `collection`, oldest record key first.
    package func records(_ collection: String, of did: String) -> [FakePDS.Record] {
        (repositories[did]?.records[collection] ?? [:]).values.sorted { $0.rkey < $1.rkey }
    }

    /// The blobs `did` uploaded, in CID order.
    package func blobs(of did: String) -> [FakePDS.Blob] {
        (blobs[did] ?? [:]).values.sorted { $0.cid < $1.cid }
    }

    /// Stores a record through the same checks as `putRecord`, without a session.
    package mutating func seedRecord(
        _ value: JSONValue, collection: String, rkey: String?, account: String?, at now: Date
    ) throws(FakePDS.SeedingError) -> FakePDS.Record {
        guard let owner = resolve(account) else { throw FakePDS.SeedingError(description: "no account \(account ?? "")") }
        guard case .object(let members) = value else { throw FakePDS.SeedingError(description: "a record must be an object") }
        do {
            let collection = try Self.validCollection(collection)
            var key = clock.next(at: now).string
            if let rkey { key = try Self.validRecordKey(rkey) }
            let record = try prepareRecord(members, did: owner.did, collection: collection, rkey: key, validate: nil)
            _ = try write(record, validate: nil, at: now)
            return record
        } catch {
            throw FakePDS.SeedingError(description: "\(error.name): \(error.message)")
        }
    }
}
