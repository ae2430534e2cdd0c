import Foundation
import MicroHTTPServer
import Synchronization

/// The PDS as a resource server: its protected-resource metadata, and XRPC calls that
/// need `Authorization: DPoP <token>` with a proof carrying `ath` and the PDS's nonce.
extension StandInOAuthServer {
    func respondAsPDS(to request: HTTPRequest) async -> HTTPResponse {
        if request.path == "/.well-known/oauth-protected-resource" {
            var server = issuer
            for case .protectedResourceServer(let other) in state.withLock({ $0.lies }) { server = other }
            return Self.json(200, ["resource": pdsURL, "authorization_servers": [server]])
        }
        return rotatingNonce(await answerAsPDS(to: request), to: request, resource: true)
    }

    func answerAsPDS(to request: HTTPRequest) async -> HTTPResponse {
        guard request.path.hasPrefix("/xrpc/") else { return Self.json(404, ["error": "NotFound"]) }
        guard let authorization = request.headers["Authorization"] else {
            // Public reads (getRecord, listRecords, getBlob…) need no token at a PDS.
            if let backend { return await forward(request, body: nil, bearer: nil, to: backend) }
            return challenge("invalid_token", "DPoP token required")
        }
        guard authorization.hasPrefix("DPoP ") else { return challenge("invalid_token", "DPoP token required") }
        let token = String(authorization.dropFirst(5))
        switch checkProof(request, url: pdsURL + request.path, resource: true, accessToken: token) {
        case .failure(.useNonce):
            var response = challenge("use_dpop_nonce", "nonce required")
            let (nonce, withhold) = state.withLock { ($0.resourceNonce, $0.lies.contains(.withholdNonce)) }
            if !withhold { response.headers.add("DPoP-Nonce", nonce) }
            return response
        case .failure(.invalid(let reason)): return challenge("invalid_dpop_proof", reason)
        case .success(let jkt):
            let access = state.withLock { state -> AccessToken? in
                guard let access = state.accessTokens[token], !state.revokedGrants.contains(access.grant) else { return nil }
                return access
            }
            guard let access else { return challenge("invalid_token", "unknown or revoked token") }
            guard access.jkt == jkt else { return challenge("invalid_token", "token bound to another key") }
            guard access.expiresAt > Date() else { return challenge("invalid_token", "token expired") }
            if let backend { return await forwardAuthorized(request, access: access, to: backend) }
            return xrpc(request, access: access)
        }
    }

    /// The few XRPC methods the tests call.
    func xrpc(_ request: HTTPRequest, access: AccessToken) -> HTTPResponse {
        switch request.path {
        case "/xrpc/com.atproto.server.getSession":
            let handle = state.withLock { state in
                state.log.resourceSuccesses += 1
                return state.accounts.first { $0.did == access.did }?.handle
            }
            return Self.json(200, ["did": access.did, "handle": handle ?? "handle.invalid"])
        case "/xrpc/com.atproto.repo.createRecord":
            guard let body = try? request.body.collect(),
                let input = (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any],
                let collection = input["collection"] as? String, let record = input["record"]
            else { return Self.json(400, ["error": "InvalidRequest"]) }
            let scopes = access.scope.split(separator: " ")
            guard scopes.contains(where: { $0 == "repo:\(collection)" || $0.hasPrefix("repo:\(collection)?") && $0.contains("action=create") })
            else { return Self.json(403, ["error": "InsufficientScope", "message": "missing repo:\(collection)"]) }
            let rkey = input["rkey"] as? String ?? Self.random()
            let json = (try? JSONSerialization.data(withJSONObject: record, options: [.sortedKeys])).map { String(decoding: $0, as: UTF8.self) } ?? ""
            let conflict = state.withLock { state -> Bool in
                if state.records.contains(where: { $0.did == access.did && $0.collection == collection && $0.rkey == rkey }) { return true }
                state.records.append(CreatedRecord(did: access.did, collection: collection, rkey: rkey, json: json))
                state.log.resourceSuccesses += 1
                return false
            }
            if conflict { return Self.json(400, ["error": "InvalidSwap", "message": "record exists"]) }
            return Self.json(200, ["uri": "at://\(access.did)/\(collection)/\(rkey)", "cid": "bafyreistandin" + rkey.lowercased()])
        default:
            return Self.json(501, ["error": "MethodNotImplemented"])
        }
    }

    /// A 401 with `WWW-Authenticate: DPoP error="…"`, as the reference PDS answers.
    func challenge(_ error: String, _ description: String) -> HTTPResponse {
        state.withLock { $0.log.refusals.append("pds: \(error) (\(description))") }
        var response = Self.json(401, ["error": error == "invalid_token" ? "InvalidToken" : error, "message": description])
        response.headers.add("WWW-Authenticate", "DPoP error=\"\(error)\", error_description=\"\(description)\", algs=\"ES256\"")
        return response
    }
}
