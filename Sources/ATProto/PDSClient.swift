import CurlHTTPClient
package import GrainSupport

/// The live `PDSConnection`: the `com.atproto` procedures over XRPC (curl), with a
/// timeout per call. Calls on records and blobs carry what its `PDSAuthorizer` gives
/// them and retry as it decides (`AuthorizedExchange`); this type never writes
/// `Authorization` itself. The app-password session procedures carry their own
/// credential (the password, or the refresh token) and nothing of the authorizer's.
package struct PDSClient: PDSConnection {
    package let baseURL: String
    package let authorizer: any PDSAuthorizer
    private let xrpc: XRPCClient

    package init(baseURL: String, http: OutboundHTTP, authorizer: any PDSAuthorizer = AnonymousAuthorizer()) {
        self.baseURL = baseURL
        self.authorizer = authorizer
        xrpc = XRPCClient(baseURL: baseURL, http: http)
    }

    // MARK: Sessions

    package func createSession(identifier: String, password: Secret) async throws(XRPCError) -> PDSSession {
        struct Input: Encodable {
            var identifier: String
            var password: String
        }
        let response = try await xrpc.procedure(
            .createSession, json: Input(identifier: identifier, password: password.revealed),
            as: SessionResponse.self, timeout: .seconds(15)
        )
        return PDSSession(
            did: response.did, handle: Handle(exactly: response.handle ?? identifier), accessToken: Secret(response.accessJwt),
            refreshToken: Secret(response.refreshJwt))
    }

    package func refreshSession(_ refreshToken: Secret) async throws(XRPCError) -> PDSSession {
        let response = try await xrpc.procedure(
            .refreshSession, body: nil, contentType: nil, as: SessionResponse.self,
            headers: bearer(refreshToken), timeout: .seconds(15)
        )
        return PDSSession(
            did: response.did, handle: response.handle.flatMap { Handle(exactly: $0) }, accessToken: Secret(response.accessJwt),
            refreshToken: Secret(response.refreshJwt))
    }

    package func deleteSession(_ refreshToken: Secret) async throws(XRPCError) {
        _ = try await xrpc.procedure(.deleteSession, body: nil, contentType: nil, as: EmptyResponse.self, headers: bearer(refreshToken))
    }

    // MARK: Records and blobs

    /// The record, or nil when the PDS says there is none.
    package func getRecord<Value: Decodable>(
        repo: DID, collection: NSID, rkey: RecordKey, as type: Value.Type
    ) async throws(PDSCallFailure) -> (ref: RecordRef, value: Value)? {
        let request = xrpc.queryRequest(.getRecord, [("repo", repo.rawValue), ("collection", collection.rawValue), ("rkey", rkey.rawValue)])
        do {
            let response = try await authorized(request, method: .getRecord, as: GetRecordResponse<Value>.self)
            return (RecordRef(uri: response.uri, cid: response.cid ?? ""), response.value)
        } catch {
            if case .pds(let xrpc) = error, xrpc.errorName == "RecordNotFound" { return nil }
            throw error
        }
    }

    package func createRecord<Record: Encodable>(repo: DID, collection: NSID, rkey: RecordKey?, record: Record) async throws(PDSCallFailure) -> RecordRef {
        try await write(.createRecord, WriteInput(repo: repo, collection: collection, rkey: rkey, record: record), as: RecordRef.self)
    }

    package func putRecord<Record: Encodable>(repo: DID, collection: NSID, rkey: RecordKey, record: Record) async throws(PDSCallFailure) -> RecordRef {
        try await write(.putRecord, WriteInput(repo: repo, collection: collection, rkey: rkey, record: record), as: RecordRef.self)
    }

    package func deleteRecord(repo: DID, collection: NSID, rkey: RecordKey) async throws(PDSCallFailure) {
        struct Input: Encodable {
            var repo: DID
            var collection: NSID
            var rkey: RecordKey
        }
        _ = try await write(.deleteRecord, Input(repo: repo, collection: collection, rkey: rkey), as: EmptyResponse.self)
    }

    package func listRecords<Value: Decodable>(
        repo: DID, collection: NSID, limit: Int, cursor: String?, as type: Value.Type
    ) async throws(XRPCError) -> RecordPage<Value> {
        var parameters = [("repo", repo.rawValue), ("collection", collection.rawValue), ("limit", String(limit))]
        if let cursor { parameters.append(("cursor", cursor)) }
        return try await xrpc.query(.listRecords, parameters, as: RecordPage<Value>.self, timeout: .seconds(15))
    }

    /// Uploads a file (streamed from disk, so a retry sends it again whole) as a blob.
    package func uploadBlob(path: String, mimeType: String) async throws(PDSCallFailure) -> BlobRef {
        let request = xrpc.procedureRequest(.uploadBlob, body: .file(path: path), contentType: mimeType, timeout: .seconds(120))
        return try await authorized(request, method: .uploadBlob, as: UploadBlobResponse.self).blob
    }

    // MARK: Sending

    /// A record procedure with a JSON body, authorized.
    private func write<Input: Encodable, Output: Decodable>(_ method: XRPCMethod, _ input: Input, as type: Output.Type) async throws(PDSCallFailure) -> Output {
        let body: HTTPClientRequest.Body
        do { body = try XRPCClient.jsonBody(input) } catch { throw .pds(error) }
        let request = xrpc.procedureRequest(method, body: body, contentType: "application/json", timeout: .seconds(30))
        return try await authorized(request, method: method, as: type)
    }

    /// Sends `request` with the authorizer's fields, as often as it decides (within
    /// `AuthorizedExchange`'s bound).
    private func authorized<Output: Decodable>(_ request: HTTPClientRequest, method: XRPCMethod, as type: Output.Type) async throws(PDSCallFailure) -> Output {
        let xrpc = self.xrpc
        return try await AuthorizedExchange(authorizer).output(of: PDSRequest(method: request.method, url: request.url, xrpcMethod: method), as: type) {
            fields async throws(XRPCError) -> XRPCAnswer in
            var signed = request
            for field in fields { signed.headers.add(field.name, field.value) }
            return try await xrpc.exchange(signed)
        }
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
