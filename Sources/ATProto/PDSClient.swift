import CurlHTTPClient
public import GrainSupport

/// The live `PDSConnection`: the `com.atproto` procedures over XRPC (curl), with a
/// timeout per call. Every call that needs it takes the access token explicitly;
/// refreshing is the caller's business (`AuthorizedPDS`).
public struct PDSClient: PDSConnection {
    public let baseURL: String
    private let xrpc: XRPCClient

    public init(baseURL: String, http: OutboundHTTP) {
        self.baseURL = baseURL
        xrpc = XRPCClient(baseURL: baseURL, http: http)
    }

    // MARK: Sessions

    public func createSession(identifier: String, password: Secret) async throws(XRPCError) -> PDSSession {
        struct Input: Encodable { var identifier: String; var password: String }
        let response = try await xrpc.procedure(
            "com.atproto.server.createSession", json: Input(identifier: identifier, password: password.revealed),
            as: SessionResponse.self, timeout: .seconds(15)
        )
        return PDSSession(did: response.did, handle: Handle(exactly: response.handle ?? identifier), accessToken: Secret(response.accessJwt), refreshToken: Secret(response.refreshJwt))
    }

    public func refreshSession(_ refreshToken: Secret) async throws(XRPCError) -> PDSSession {
        let response = try await xrpc.procedure(
            "com.atproto.server.refreshSession", body: nil, contentType: nil, as: SessionResponse.self,
            headers: bearer(refreshToken), timeout: .seconds(15)
        )
        return PDSSession(did: response.did, handle: response.handle.flatMap { Handle(exactly: $0) }, accessToken: Secret(response.accessJwt), refreshToken: Secret(response.refreshJwt))
    }

    public func deleteSession(_ refreshToken: Secret) async throws(XRPCError) {
        _ = try await xrpc.procedure("com.atproto.server.deleteSession", body: nil, contentType: nil, as: EmptyResponse.self, headers: bearer(refreshToken))
    }

    // MARK: Records and blobs

    /// The record, or nil when the PDS says there is none.
    public func getRecord<Value: Decodable>(repo: DID, collection: NSID, rkey: RecordKey, as type: Value.Type, accessToken: Secret) async throws(XRPCError) -> (ref: RecordRef, value: Value)? {
        do {
            let response = try await xrpc.query(
                "com.atproto.repo.getRecord", [("repo", repo.rawValue), ("collection", collection.rawValue), ("rkey", rkey.rawValue)],
                as: GetRecordResponse<Value>.self, headers: bearer(accessToken)
            )
            return (RecordRef(uri: response.uri, cid: response.cid ?? ""), response.value)
        } catch {
            if error.errorName == "RecordNotFound" { return nil }
            throw error
        }
    }

    public func createRecord<Record: Encodable>(repo: DID, collection: NSID, rkey: RecordKey?, record: Record, accessToken: Secret) async throws(XRPCError) -> RecordRef {
        try await xrpc.procedure(
            "com.atproto.repo.createRecord", json: WriteInput(repo: repo, collection: collection, rkey: rkey, record: record),
            as: RecordRef.self, headers: bearer(accessToken), timeout: .seconds(30)
        )
    }

    public func putRecord<Record: Encodable>(repo: DID, collection: NSID, rkey: RecordKey, record: Record, accessToken: Secret) async throws(XRPCError) -> RecordRef {
        try await xrpc.procedure(
            "com.atproto.repo.putRecord", json: WriteInput(repo: repo, collection: collection, rkey: rkey, record: record),
            as: RecordRef.self, headers: bearer(accessToken), timeout: .seconds(30)
        )
    }

    public func deleteRecord(repo: DID, collection: NSID, rkey: RecordKey, accessToken: Secret) async throws(XRPCError) {
        struct Input: Encodable { var repo: DID; var collection: NSID; var rkey: RecordKey }
        _ = try await xrpc.procedure(
            "com.atproto.repo.deleteRecord", json: Input(repo: repo, collection: collection, rkey: rkey),
            as: EmptyResponse.self, headers: bearer(accessToken), timeout: .seconds(30)
        )
    }

    public func listRecords<Value: Decodable>(
        repo: DID, collection: NSID, limit: Int, cursor: String?, as type: Value.Type
    ) async throws(XRPCError) -> RecordPage<Value> {
        var parameters = [("repo", repo.rawValue), ("collection", collection.rawValue), ("limit", String(limit))]
        if let cursor { parameters.append(("cursor", cursor)) }
        return try await xrpc.query("com.atproto.repo.listRecords", parameters, as: RecordPage<Value>.self, timeout: .seconds(15))
    }

    /// Uploads a file (streamed from disk) as a blob.
    public func uploadBlob(path: String, mimeType: String, accessToken: Secret) async throws(XRPCError) -> BlobRef {
        try await xrpc.procedure(
            "com.atproto.repo.uploadBlob", body: .file(path: path), contentType: mimeType,
            as: UploadBlobResponse.self, headers: bearer(accessToken), timeout: .seconds(120)
        ).blob
    }

    private func bearer(_ token: Secret) -> [(String, String)] {
        [("Authorization", "Bearer " + token.revealed)]
    }

    private struct WriteInput<Record: Encodable>: Encodable {
        var repo: DID
        var collection: NSID
        var rkey: RecordKey?
        var record: Record
    }
}
