import ATProto
import CurlHTTPClient
import Foundation
import GrainSupport

extension InMemoryPDS {
    /// One `PDSConnection` to the in-memory PDS: builds each call as `PDSClient` sends it
    /// (method, NSID, query, the authorizer's fields or the session procedure's token,
    /// JSON or file body), retries as `PDSClient` does for its authorizer, and reads the
    /// answer as `XRPCClient` does (non-2xx → `.remote` with the error name, message and
    /// headers; a 2xx that does not decode → `.undecodable`).
    struct Connection: PDSConnection {
        let pds: InMemoryPDS
        let baseURL: String
        let authorizer: any PDSAuthorizer

        func createSession(identifier: String, password: Secret) async throws(XRPCError) -> PDSSession {
            let answer = try call(
                "POST", .createSession,
                json: ["identifier": .string(identifier), "password": .string(password.revealed)], as: SessionAnswer.self)
            return answer.session(handle: Handle(exactly: answer.handle ?? identifier))
        }

        func refreshSession(_ refreshToken: Secret) async throws(XRPCError) -> PDSSession {
            let answer = try call("POST", .refreshSession, token: refreshToken, as: SessionAnswer.self)
            return answer.session(handle: answer.handle.flatMap { Handle(exactly: $0) })
        }

        func deleteSession(_ refreshToken: Secret) async throws(XRPCError) {
            _ = try call("POST", .deleteSession, token: refreshToken, as: EmptyResponse.self)
        }

        func getRecord<Value: Decodable>(
            repo: DID, collection: NSID, rkey: RecordKey, as type: Value.Type
        ) async throws(PDSCallFailure) -> (ref: RecordRef, value: Value)? {
            do {
                let answer = try await authorized(
                    "GET", .getRecord,
                    parameters: [("repo", repo.rawValue), ("collection", collection.rawValue), ("rkey", rkey.rawValue)],
                    as: RecordAnswer<Value>.self)
                return (RecordRef(uri: answer.uri, cid: answer.cid ?? ""), answer.value)
            } catch {
                if case .pds(let xrpc) = error, xrpc.errorName == "RecordNotFound" { return nil }
                throw error
            }
        }

        func createRecord<Record: Encodable>(
            repo: DID, collection: NSID, rkey: RecordKey?, record: Record
        ) async throws(PDSCallFailure) -> RecordRef {
            try await authorized(
                "POST", .createRecord,
                body: try Self.encode(Write(repo: repo, collection: collection, rkey: rkey, record: record)), as: RecordRef.self)
        }

        func putRecord<Record: Encodable>(
            repo: DID, collection: NSID, rkey: RecordKey, record: Record
        ) async throws(PDSCallFailure) -> RecordRef {
            try await authorized(
                "POST", .putRecord,
                body: try Self.encode(Write(repo: repo, collection: collection, rkey: rkey, record: record)), as: RecordRef.self)
        }

        func deleteRecord(repo: DID, collection: NSID, rkey: RecordKey) async throws(PDSCallFailure) {
            let input: JSONValue = ["repo": .string(repo.rawValue), "collection": .string(collection.rawValue), "rkey": .string(rkey.rawValue)]
            _ = try await authorized("POST", .deleteRecord, body: input.serialized, as: EmptyResponse.self)
        }

        func uploadBlob(path: String, mimeType: String) async throws(PDSCallFailure) -> BlobRef {
            // curl fails the upload when the file cannot be read; so does this.
            guard let bytes = FileManager.default.contents(atPath: path) else {
                throw .pds(.transport(.transport(HTTPClientError(.uploadFailed, message: "cannot read \(path)"))))
            }
            return try await authorized(
                "POST", .uploadBlob, body: [UInt8](bytes), contentType: mimeType, as: BlobAnswer.self
            ).blob
        }

        func listRecords<Value: Decodable>(
            repo: DID, collection: NSID, limit: Int, cursor: String?, as type: Value.Type
        ) async throws(XRPCError) -> RecordPage<Value> {
            var parameters: [(name: String, value: String)] = [
                ("repo", repo.rawValue), ("collection", collection.rawValue), ("limit", String(limit)),
            ]
            if let cursor { parameters.append(("cursor", cursor)) }
            return try call("GET", .listRecords, parameters: parameters, as: RecordPage<Value>.self)
        }

        // MARK: The call

        private func call<Output: Decodable>(
            _ method: String, _ nsid: XRPCMethod, parameters: [(name: String, value: String)] = [], json: JSONValue,
            token: Secret? = nil, as type: Output.Type
        ) throws(XRPCError) -> Output {
            try call(method, nsid, parameters: parameters, body: json.serialized, token: token, as: type)
        }

        private func call<Output: Decodable>(
            _ method: String, _ nsid: XRPCMethod, parameters: [(name: String, value: String)] = [], body: [UInt8]? = nil,
            contentType: String = "application/json", token: Secret? = nil, as type: Output.Type
        ) throws(XRPCError) -> Output {
            let fields = token.map { HTTPHeaders([("Authorization", "Bearer " + $0.revealed)]) } ?? HTTPHeaders()
            let answer = try send(method, nsid, parameters: parameters, body: body, contentType: contentType, fields: fields)
            return try XRPCClient.output(of: answer, as: type)
        }

        /// A call that carries the authorizer's fields and retries as it decides, through
        /// the same `AuthorizedExchange` as `PDSClient`.
        private func authorized<Output: Decodable>(
            _ method: String, _ nsid: XRPCMethod, parameters: [(name: String, value: String)] = [], body: [UInt8]? = nil,
            contentType: String = "application/json", as type: Output.Type
        ) async throws(PDSCallFailure) -> Output {
            var url = "\(baseURL)/xrpc/\(nsid)"
            if !parameters.isEmpty {
                url +=
                    "?" + parameters.map { PercentEncoding.encodeComponent($0.name) + "=" + PercentEncoding.encodeComponent($0.value) }.joined(separator: "&")
            }
            return try await AuthorizedExchange(authorizer).output(of: PDSRequest(method: method, url: url, xrpcMethod: nsid), as: type) {
                fields async throws(XRPCError) -> XRPCAnswer in
                try send(method, nsid, parameters: parameters, body: body, contentType: contentType, fields: fields)
            }
        }

        /// Hands one call to the core and returns its answer whatever its status, as
        /// `XRPCClient.exchange` does.
        private func send(
            _ method: String, _ nsid: XRPCMethod, parameters: [(name: String, value: String)], body: [UInt8]?,
            contentType: String, fields: HTTPHeaders
        ) throws(XRPCError) -> XRPCAnswer {
            guard baseURL == pds.baseURL else {
                throw .transport(.transport(HTTPClientError(.dnsFailed, message: "no PDS at \(baseURL)")))
            }
            var headers: [(name: String, value: String)] = fields.map { ($0.name, $0.value) }
            if body != nil { headers.append(("Content-Type", contentType)) }
            let answer = pds.answer(XRPCRequest(httpMethod: method, nsid: nsid.description, parameters: parameters, headers: headers, body: body ?? []))
            return XRPCAnswer(status: answer.status, headers: HTTPHeaders(fields: answer.headers), body: answer.body)
        }

        /// As `PDSClient` encodes requests: sorted keys, `/` unescaped.
        private static func encode(_ value: some Encodable) throws(PDSCallFailure) -> [UInt8] {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            do { return [UInt8](try encoder.encode(value)) } catch { throw .pds(.unencodable(DecodingProblem(error))) }
        }
    }

    private struct Write<Record: Encodable>: Encodable {
        var repo: DID
        var collection: NSID
        var rkey: RecordKey?
        var record: Record
    }

    private struct SessionAnswer: Decodable {
        var did: DID
        var handle: String?
        var accessJwt: String
        var refreshJwt: String

        func session(handle: Handle?) -> PDSSession {
            PDSSession(did: did, handle: handle, accessToken: Secret(accessJwt), refreshToken: Secret(refreshJwt))
        }
    }

    private struct RecordAnswer<Value: Decodable>: Decodable {
        var uri: ATURI
        var cid: String?
        var value: Value
    }

    private struct BlobAnswer: Decodable {
        var blob: BlobRef
    }
}
