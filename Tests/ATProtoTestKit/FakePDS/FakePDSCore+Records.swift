import Foundation

/// `com.atproto.repo.{createRecord,putRecord,deleteRecord}`, following the reference:
///
/// - `repo` must name the signed-in account (handle or DID): another known account →
///   401 `AuthenticationRequired`, an unknown one → 400 "Could not find repo: X";
/// - `$type` is added when missing; a different `$type` → 400 "Invalid $type: …"
///   (unless `validate` is false);
/// - the record must be atproto data (no floats, well-formed `$link`/`$bytes`) → else 400;
/// - every blob ref must name a blob this account uploaded → else 400 `BlobNotFound`;
/// - `validate: true` on a collection outside `com.atproto`/`app.bsky`/`chat.bsky`/
///   `tools.ozone` → 400 "Lexicon not found" (the reference knows no other lexicons);
///   otherwise `validationStatus` is `unknown` for those, `valid` for known namespaces
///   (not actually validated here) and absent with `validate: false`;
/// - `createRecord` with an `rkey` that exists → 400 `InvalidRequest` "Record already
///   exists: at://…". The released reference PDS answers 500 there (an MST error; see
///   bluesky-social/indigo#873 and bluesky-social/atproto#4728, which adds a proper
///   error); the fake answers a clear 400 instead. Clients should not depend on either;
/// - `deleteRecord` is idempotent: a missing record answers `{}`, a deleted one
///   `{"commit": {cid, rev}}`;
/// - `swapCommit`/`swapRecord` mismatches → 400 `InvalidSwap`.
extension FakePDSCore {
    mutating func createRecord(_ request: XRPCRequest, at now: Date) throws(XRPCFailure) -> XRPCResponse {
        let credentials = try authenticate(request, scopes: [.access, .appPassword], at: now)
        let input = try XRPCInput(request)
        let account = try writableAccount(try input.string("repo"), credentials)
        let collection = try Self.validCollection(try input.string("collection"))
        var rkey = clock.next(at: now).string
        if let given = try input.optionalString("rkey") { rkey = try Self.validRecordKey(given) }
        try checkSwapCommit(input, account)
        let validate = try input.optionalBool("validate")
        expireUnreferencedBlobs(of: account.did, at: now)
        let record = try prepareRecord(try input.object("record"), did: account.did, collection: collection, rkey: rkey, validate: validate)
        guard repositories[account.did]?.records[collection]?[rkey] == nil else {
            throw .invalidRequest("Record already exists: \(record.uri)")
        }
        return try write(record, validate: validate, at: now)
    }

    mutating func putRecord(_ request: XRPCRequest, at now: Date) throws(XRPCFailure) -> XRPCResponse {
        let credentials = try authenticate(request, scopes: [.access, .appPassword], at: now)
        let input = try XRPCInput(request)
        let account = try writableAccount(try input.string("repo"), credentials)
        let collection = try Self.validCollection(try input.string("collection"))
        let rkey = try Self.validRecordKey(try input.string("rkey"))
        try checkSwapCommit(input, account)
        try checkSwapRecord(input, current: repositories[account.did]?.records[collection]?[rkey])
        let validate = try input.optionalBool("validate")
        expireUnreferencedBlobs(of: account.did, at: now)
        let record = try prepareRecord(try input.object("record"), did: account.did, collection: collection, rkey: rkey, validate: validate)
        return try write(record, validate: validate, at: now)
    }

    mutating func deleteRecord(_ request: XRPCRequest, at now: Date) throws(XRPCFailure) -> XRPCResponse {
        let credentials = try authenticate(request, scopes: [.access, .appPassword], at: now)
        let input = try XRPCInput(request)
        let account = try writableAccount(try input.string("repo"), credentials)
        let collection = try input.string("collection")
        let rkey = try input.string("rkey")
        try checkSwapCommit(input, account)
        let current = repositories[account.did]?.records[collection]?[rkey]
        try checkSwapRecord(input, current: current)
        guard current != nil else { return .json([:]) }
        repositories[account.did]?.records[collection]?[rkey] = nil
        return .json(["commit": commit(account.did, at: now)])
    }

    /// The signed-in account, if `repo` names it.
    func writableAccount(_ repo: String, _ credentials: Credentials) throws(XRPCFailure) -> FakePDS.Account {
        let account = try repositoryAccount(repo)
        guard account.did == credentials.did else {
            throw XRPCFailure(status: 401, name: "AuthenticationRequired", message: "Authentication Required")
        }
        return account
    }

    /// Adds `$type`, checks it, encodes the record and checks its blob refs.
    func prepareRecord(
        _ members: [String: JSONValue], did: String, collection: String, rkey: String, validate: Bool?
    ) throws(XRPCFailure) -> FakePDS.Record {
        var members = members
        switch members["$type"] {
        case nil: members["$type"] = .string(collection)
        case .string(collection)?: break
        case let other?:
            if validate != false {
                throw .invalidRequest("Invalid $type: expected \(collection), got \(other.stringValue ?? other.text)")
            }
        }
        if validate == true, !Self.knownNamespaces.contains(where: { collection.hasPrefix($0) }) {
            throw .invalidRequest("Lexicon not found: lex:\(collection)")
        }
        let value = JSONValue.object(members)
        let cid: CID
        do {
            cid = try DAGCBOR.cid(of: value)
        } catch {
            throw .invalidRequest("Invalid record: \(error.message)")
        }
        for link in try Self.blobLinks(in: value) where blobs[did]?[link] == nil {
            throw .invalidRequest("Could not find blob: \(link)", name: "BlobNotFound")
        }
        return FakePDS.Record(did: did, collection: collection, rkey: rkey, cid: cid.string, value: value)
    }

    /// Stores the record, commits, and answers like `createRecord`/`putRecord`.
    mutating func write(_ record: FakePDS.Record, validate: Bool?, at now: Date) throws(XRPCFailure) -> XRPCResponse {
        repositories[record.did, default: Repository()].records[record.collection, default: [:]][record.rkey] = record
        var output: [String: JSONValue] = [
            "uri": .string(record.uri), "cid": .string(record.cid), "commit": commit(record.did, at: now),
        ]
        if validate != false {
            let known = Self.knownNamespaces.contains { record.collection.hasPrefix($0) }
            output["validationStatus"] = known ? "valid" : "unknown"
        }
        return .json(.object(output))
    }

    /// A new revision: `rev` is a TID, the CID is the DAG-CBOR CID of a commit-shaped
    /// object over every record path and CID (unique per state, but not a real MST).
    mutating func commit(_ did: String, at now: Date) -> JSONValue {
        let rev = clock.next(at: now).string
        let records = repositories[did]?.records ?? [:]
        let entries: [JSONValue] = records.keys.sorted().flatMap { collection in
            (records[collection] ?? [:]).values.sorted { $0.rkey < $1.rkey }.map { record -> JSONValue in
                [.string("\(collection)/\(record.rkey)"), ["$link": .string(record.cid)]]
            }
        }
        let data = (try? DAGCBOR.cid(of: .array(entries)))?.string ?? ""
        let commitValue: JSONValue = ["did": .string(did), "version": 3, "data": ["$link": .string(data)], "rev": .string(rev), "prev": nil]
        let cid = (try? DAGCBOR.cid(of: commitValue))?.string ?? ""
        repositories[did, default: Repository()].commitCID = cid
        repositories[did, default: Repository()].rev = rev
        return ["cid": .string(cid), "rev": .string(rev)]
    }

    func checkSwapCommit(_ input: XRPCInput, _ account: FakePDS.Account) throws(XRPCFailure) {
        guard let expected = try input.optionalString("swapCommit") else { return }
        let current = repositories[account.did]?.commitCID ?? ""
        guard expected == current else { throw .invalidRequest("Commit was at \(current)", name: "InvalidSwap") }
    }

    func checkSwapRecord(_ input: XRPCInput, current: FakePDS.Record?) throws(XRPCFailure) {
        if input.isNull("swapRecord") {
            guard current == nil else { throw .invalidRequest("Record was at \(current?.cid ?? "null")", name: "InvalidSwap") }
        } else if let expected = try input.optionalString("swapRecord"), expected != current?.cid {
            throw .invalidRequest("Record was at \(current?.cid ?? "null")", name: "InvalidSwap")
        }
    }

    static let knownNamespaces = ["com.atproto.", "app.bsky.", "chat.bsky.", "tools.ozone."]
}
