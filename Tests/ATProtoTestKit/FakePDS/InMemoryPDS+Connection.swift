import CurlHTTPClient
import Foundation
import ATProto
import GrainSupport

extension InMemoryPDS {
    /// One `PDSConnection` to the in-memory PDS: builds each call as `PDSClient` sends it
    /// (method, NSID, query, bearer token, JSON or file body) and reads the answer as
    /// `XRPCClient` does (non-2xx → `.remote` with the error name and message; a 2xx that
    /// does not decode → `.undecodable`).
    struct Connection: PDSConnection {
        let pds: InMemoryPDS
        let baseURL: String

        func createSession(identifier: String, password: Secret) async throws(XRPCError) -> PDSSession {
            let answer = try call(
                "POST", "com.atproto.server.createSession",
                json: ["identifier": .string(identifier), "password": .string(password.revealed)], as: SessionAnswer.self)
            return answer.session(handle: Handle(exactly: answer.handle ?? identifier))
        }

        func refreshSession(_ refreshToken: Secret) async throws(XRPCError) -> PDSSession {
            let answer = try call("POST", "com.atproto.server.refreshSession", token: refreshToken, as: SessionAnswer.self)
            return answer.session(handle: answer.handle.flatMap { Handle(exactly: $0) })
        }

        func deleteSession(_ refreshToken: Secret) async throws(XRPCError) {
            _ = try call("POST", "com.atproto.server.deleteSession", token: refreshToken, as: EmptyResponse.self)
        }

        func getRecord<Value: Decodable>(
            repo: DID, collection: NSID, rkey: RecordKey, as type: Value.Type, accessToken: Secret
        ) async throws(XRPCError) -> (ref: RecordRef, value: Value)? {
            do {
                let answer = try call(
                    "GET", "com.atproto.repo.getRecord",
                    parameters: [("repo", repo.rawValue), ("collection", collection.rawValue), ("rkey", rkey.rawValue)],
                    token: accessToken, as: RecordAnswer<Value>.self)
                return (RecordRef(uri: answer.uri, cid: answer.cid ?? ""), answer.value)
            } catch {
                if error.errorName == "RecordNotFound" { return nil }
                throw error
            }
        }

        func createRecord<Record: Encodable>(
            repo: DID, collection: NSID, rkey: RecordKey?, record: Record, accessToken: Secret
        ) async throws(XRPCError) -> RecordRef {
            try call(
                "POST", "com.atproto.repo.createRecord",
                body: try Self.encode(Write(repo: repo, collection: collection, rkey: rkey, record: record)),
                token: accessToken, as: RecordRef.self)
        }

        func putRecord<Record: Encodable>(
            repo: DID, collection: NSID, rkey: RecordKey, record: Record, accessToken: Secret
        ) async throws(XRPCError) -> RecordRef {
            try call(
                "POST", "com.atproto.repo.putRecord",
                body: try Self.encode(Write(repo: repo, collection: collection, rkey: rkey, record: record)),
                token: accessToken, as: RecordRef.self)
        }

        func deleteRecord(repo: DID, collection: NSID, rkey: RecordKey, accessToken: Secret) async throws(XRPCError) {
            _ = try call(
                "POST", "com.atproto.repo.deleteRecord",
                json: ["repo": .string(repo.rawValue), "collection": .string(collection.rawValue), "rkey": .string(rkey.rawValue)],
                token: accessToken, as: EmptyResponse.self)
        }

        func uploadBlob(path: String, mimeType: String, accessToken: Secret) async throws(XRPCError) -> BlobRef {
            // curl fails the upload when the file cannot be read; so does this.
            guard let bytes = FileManager.default.contents(atPath: path) else {
                throw .transport(.transport(HTTPClientError(.uploadFailed, message: "cannot read \(path)")))
            }
            return try call(
                "POST", "com.atproto.repo.uploadBlob", body: [UInt8](bytes), contentType: mimeType, token: accessToken,
                as: BlobAnswer.self
            ).blob
        }

        func listRecords<Value: Decodable>(
            repo: DID, collection: NSID, limit: Int, cursor: String?, as type: Value.Type
        ) async throws(XRPCError) -> RecordPage<Value> {
            var parameters: [(name: String, value: String)] = [
                ("repo", repo.rawValue), ("collection", collection.rawValue), ("limit", String(limit)),
            ]
            if let cursor { parameters.append(("cursor", cursor)) }
            return try call("GET", "com.atproto.repo.listRecords", parameters: parameters, as: RecordPage<Value>.self)
        }

        // MARK: The call

        private func call<Output: Decodable>(
            _ method: String, _ nsid: String, parameters: [(name: String, value: String)] = [], json: JSONValue,
            token: Secret? = nil, as type: Output.Type
        ) throws(XRPCError) -> Output {
            try call(method, nsid, parameters: parameters, body: json.serialized, token: token, as: type)
        }

        private func call<Output: Decodable>(
            _ method: String, _ nsid: String, parameters: [(name: String, value: String)] = [], body: [UInt8]? = nil,
            contentType: String = "application/json", token: Secret? = nil, as type: Output.Type
        ) throws(XRPCError) -> Output {
            guard baseURL == pds.baseURL else {
                throw .transport(.transport(HTTPClientError(.dnsFailed, message: "no PDS at \(baseURL)")))
            }
            var headers: [(name: String, value: String)] = []
            if let token { headers.append(("Authorization", "Bearer " + token.revealed)) }
            if body != nil { headers.append(("Content-Type", contentType)) }
            let answer = pds.answer(XRPCRequest(httpMethod: method, nsid: nsid, parameters: parameters, headers: headers, body: body ?? []))
            guard (200..<300).contains(answer.status) else {
                let error = answer.json
                throw .remote(status: answer.status, error: error?["error"]?.stringValue, message: error?["message"]?.stringValue)
            }
            // Like `XRPCClient`, an answer nobody reads is not decoded.
            if Output.self == EmptyResponse.self, let empty = EmptyResponse() as? Output { return empty }
            do {
                return try JSONDecoder().decode(type, from: Data(answer.body))
            } catch {
                throw .undecodable(DecodingProblem(error))
            }
        }

        /// As `PDSClient` encodes requests: sorted keys, `/` unescaped.
        private static func encode(_ value: some Encodable) throws(XRPCError) -> [UInt8] {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            do { return [UInt8](try encoder.encode(value)) } catch { throw .unencodable(DecodingProblem(error)) }
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
