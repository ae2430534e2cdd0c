import CurlHTTPClient
import Foundation
import MicroHTTPServer
import Synchronization

/// The resource server as a gateway in front of a `FakePDS`: calls that passed the DPoP
/// and token checks are checked against the token's granted scope, as the reference PDS
/// does, then carried to the fake PDS with a bearer token it minted for the same account;
/// its status, headers and body come back as they are. Calls without `Authorization`
/// (public reads) go through unauthenticated.
///
/// What a write needs: `uploadBlob` a blob permission covering its `Content-Type` (no
/// `Content-Type` counts as `*/*`, so only `blob:*/*` covers it); `createRecord`
/// `repo:<collection>?action=create`; `deleteRecord` `action=delete`; `putRecord` both
/// `create` and `update`, since it creates the record when there is none (as the
/// reference PDS asks, whether or not the record exists); `applyWrites` each write's
/// action. A write whose collection cannot be read is answered 400 here, never
/// forwarded unchecked. Refusals are the reference's 403 `ScopeMissingError`.
///
/// A fault the fake PDS plays on the connection (a stall, a dropped connection) reaches
/// the client as a 502 `UpstreamFailure` from the gateway once the forwarding call
/// fails or times out (60 s).
extension StandInOAuthServer {
    /// A stand-in fronting a new `FakePDS` serving `accounts`, both started, with the
    /// accounts' identities published in `TestIdentityDirectory.shared` as living at the
    /// stand-in's `pdsURL` (so a client resolving them finds the OAuth-protected PDS), and
    /// the fake PDS's DID documents naming that URL too. Stop both when done.
    package static func frontingFakePDS(
        accounts: [FakePDS.Account] = [.alice],
        configuration: FakePDSCore.Configuration = FakePDSCore.Configuration(),
        accessTokenLifetime: Int = 1800
    ) throws -> (StandInOAuthServer, FakePDS) {
        let pds = try FakePDS(accounts: accounts, configuration: configuration, publishesIdentity: false)
        let server = try StandInOAuthServer(
            accounts: accounts.map { Account(did: $0.did, handle: $0.handle) }, accessTokenLifetime: accessTokenLifetime, backend: pds)
        pds.withCore { $0.configuration.serviceEndpoint = server.pdsURL }
        for account in accounts {
            TestIdentityDirectory.shared.publish(did: account.did, handle: account.handle, pds: server.pdsURL)
        }
        return (server, pds)
    }

    /// The authorized path: the scope check, then the call as the token's account.
    func forwardAuthorized(_ request: HTTPRequest, access: AccessToken, to backend: FakePDS) async -> HTTPResponse {
        guard let body = try? request.body.collect() else { return Self.json(400, ["error": "InvalidRequest", "message": "unreadable body"]) }
        let nsid = String(request.path.dropFirst("/xrpc/".count))
        switch Self.scopeVerdict(nsid: nsid, contentType: request.headers["Content-Type"], body: body, scope: StandInScopeCheck(access.scope)) {
        case .allowed: break
        case .unreadable(let message): return Self.json(400, ["error": "InvalidRequest", "message": message])
        case .missing(let needed):
            state.withLock { $0.log.refusals.append("pds: ScopeMissingError (\(needed))") }
            return Self.json(403, ["error": "ScopeMissingError", "message": "Missing required scope \"\(needed)\""])
        }
        guard let token = try? backend.accessToken(for: access.did) else {
            return challenge("invalid_token", "the token's account is not on the PDS")
        }
        return await forward(request, body: body, bearer: token, to: backend)
    }

    /// What a scope check decided.
    enum ScopeVerdict: Equatable {
        case allowed
        /// The permission that would allow the call, as a scope token.
        case missing(String)
        /// The call's input does not say what it writes.
        case unreadable(String)
    }

    /// Whether `scope` allows the call `nsid` with this input; calls that write nothing
    /// are always allowed.
    static func scopeVerdict(nsid: String, contentType: String?, body: [UInt8], scope: StandInScopeCheck) -> ScopeVerdict {
        func repo(_ collection: String, _ actions: [String]) -> ScopeVerdict {
            for action in actions where !scope.allowsRepo(collection, action: action) {
                return .missing("repo:\(collection)?action=\(action)")
            }
            return .allowed
        }
        let input = (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any]
        switch nsid {
        case "com.atproto.repo.uploadBlob":
            let type = contentType ?? "*/*"
            return scope.allowsBlob(mimeType: type) ? .allowed : .missing("blob:\(type)")
        case "com.atproto.repo.createRecord", "com.atproto.repo.putRecord", "com.atproto.repo.deleteRecord":
            guard let collection = input?["collection"] as? String else { return .unreadable("Input must have the property \"collection\"") }
            let actions =
                switch nsid {
                case "com.atproto.repo.createRecord": ["create"]
                case "com.atproto.repo.putRecord": ["create", "update"]
                default: ["delete"]
                }
            return repo(collection, actions)
        case "com.atproto.repo.applyWrites":
            guard let writes = input?["writes"] as? [[String: Any]] else { return .unreadable("Input must have the property \"writes\"") }
            for write in writes {
                let actions = ["#create": "create", "#update": "update", "#delete": "delete"]
                guard let type = write["$type"] as? String, let collection = write["collection"] as? String,
                    let action = actions.first(where: { type == "com.atproto.repo.applyWrites" + $0.key })?.value
                else { return .unreadable("Each write must have a known \"$type\" and a \"collection\"") }
                let verdict = repo(collection, [action])
                if verdict != .allowed { return verdict }
            }
            return .allowed
        default:
            return .allowed
        }
    }

    /// The call as it came (method, path and query, body, `Content-Type`), with
    /// `Authorization: Bearer <bearer>` when given, and the fake PDS's answer.
    func forward(_ request: HTTPRequest, body: [UInt8]?, bearer: String?, to backend: FakePDS) async -> HTTPResponse {
        guard let forwarder else { return Self.json(500, ["error": "InternalServerError", "message": "no gateway client"]) }
        var headers = HTTPHeaders()
        if let type = request.headers["Content-Type"] { headers.add("Content-Type", type) }
        if let bearer { headers.add("Authorization", "Bearer " + bearer) }
        let hasBody = !["GET", "HEAD"].contains(request.method.rawValue)
        let sent: [UInt8]?
        if hasBody {
            guard let bytes = body ?? (try? request.body.collect()) else {
                return Self.json(400, ["error": "InvalidRequest", "message": "unreadable body"])
            }
            sent = bytes
        } else {
            sent = nil
        }
        let target = backend.baseURL + request.path + (request.query.map { "?" + $0 } ?? "")
        let outgoing = HTTPClientRequest(method: request.method.rawValue, url: target, headers: headers, body: sent.map { .bytes($0) })
        let answer: HTTPClientResponse
        do {
            answer = try await forwarder.execute(outgoing)
        } catch {
            return Self.json(502, ["error": "UpstreamFailure", "message": "the PDS behind the gateway failed: \(error)"])
        }
        var answerHeaders = HTTPHeaders()
        let hopByHop: Set<String> = ["connection", "keep-alive", "transfer-encoding", "content-length", "date"]
        for field in answer.headers where !hopByHop.contains(field.name.lowercased()) { answerHeaders.add(field.name, field.value) }
        if (200..<300).contains(answer.status) { state.withLock { $0.log.resourceSuccesses += 1 } }
        return HTTPResponse(status: HTTPStatus(answer.status), headers: answerHeaders, body: .bytes(answer.body))
    }
}
