import Foundation
import GrainSupport
import MicroHTTPServer
import Synchronization

/// The token endpoint (code exchange, refresh) and revocation.
extension StandInOAuthServer {
    func token(_ request: HTTPRequest) async -> HTTPResponse {
        let form = form(request)
        let jkt: String
        let client: ClientInfo
        switch await checkProofAndClient(request, form: form, endpoint: "token") {
        case .success(let (thumbprint, info)): (jkt, client) = (thumbprint, info)
        case .failure(let refusal): return refusal.response
        }
        switch form["grant_type"] {
        case "authorization_code": return exchangeCode(form, client: client, jkt: jkt)
        case "refresh_token": return refreshGrant(form, client: client, jkt: jkt)
        default: return refuse("token", "unsupported_grant_type", "grant_type")
        }
    }

    func exchangeCode(_ form: [String: String], client: ClientInfo, jkt: String) -> HTTPResponse {
        let outcome = state.withLock { state -> Result<(String, String), Refusal> in
            guard let code = form["code"], var issued = state.codes[code], !issued.used else { return .failure(Refusal("code unknown or used")) }
            issued.used = true
            state.codes[code] = issued
            guard issued.request.clientID == client.clientID else { return .failure(Refusal("code of another client")) }
            guard issued.request.redirectURI == form["redirect_uri"] else { return .failure(Refusal("redirect_uri")) }
            guard let verifier = form["code_verifier"],
                Base64URL.encode(SHA256.hash(Array(verifier.utf8))) == issued.request.codeChallenge
            else { return .failure(Refusal("code_verifier")) }
            guard issued.request.jkt == jkt else { return .failure(Refusal("DPoP key differs from the PAR's")) }
            return .success((issued.did, issued.request.scope))
        }
        switch outcome {
        case .failure(let refusal): return refuse("token", "invalid_grant", refusal.reason)
        case .success(let (did, scope)): return issueTokens(grant: Self.random(), clientID: client.clientID, did: did, scope: scope, jkt: jkt)
        }
    }

    func refreshGrant(_ form: [String: String], client: ClientInfo, jkt: String) -> HTTPResponse {
        let outcome = state.withLock { state -> Result<RefreshToken, Refusal> in
            guard let presented = form["refresh_token"], var token = state.refreshTokens[presented] else { return .failure(Refusal("unknown")) }
            state.log.refreshTokensPresented.append(presented)
            guard !state.revokedGrants.contains(token.grant) else { return .failure(Refusal("revoked")) }
            if token.used && !state.lies.contains(.acceptReusedRefreshTokens) {
                // Reuse means the token leaked: end the whole grant (RFC 9700 §4.14.2).
                state.revokedGrants.insert(token.grant)
                return .failure(Refusal("refresh token reused"))
            }
            token.used = true
            state.refreshTokens[presented] = token
            guard token.clientID == client.clientID else { return .failure(Refusal("another client's token")) }
            guard token.jkt == jkt else { return .failure(Refusal("DPoP key differs")) }
            return .success(token)
        }
        switch outcome {
        case .failure(let refusal): return refuse("token", "invalid_grant", refusal.reason)
        case .success(let token): return issueTokens(grant: token.grant, clientID: client.clientID, did: token.did, scope: token.scope, jkt: jkt)
        }
    }

    func issueTokens(grant: String, clientID: String, did: String, scope: String, jkt: String) -> HTTPResponse {
        let access = "acc-" + Self.random()
        let refresh = "ref-" + Self.random()
        let (lifetime, subject, scope, lies) = state.withLock { state -> (Int, String, String, Set<Lie>) in
            let scope = state.grantedScope ?? scope
            state.refreshTokens[refresh] = RefreshToken(grant: grant, clientID: clientID, did: did, scope: scope, jkt: jkt)
            state.accessTokens[access] = AccessToken(
                grant: grant, did: did, scope: scope, jkt: jkt, expiresAt: Date().addingTimeInterval(Double(state.accessTokenLifetime)))
            var subject = did
            for case .subject(let other) in state.lies { subject = other }
            return (state.accessTokenLifetime, subject, scope, state.lies)
        }
        var answer: [String: Any] = [
            "access_token": access, "token_type": "DPoP", "expires_in": lifetime, "refresh_token": refresh, "scope": scope, "sub": subject,
        ]
        for case .tokenMember(let name, let json) in lies {
            answer[name] = json.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8), options: [.fragmentsAllowed]) }
        }
        return Self.json(200, answer)
    }

    func revoke(_ request: HTTPRequest) async -> HTTPResponse {
        let form = form(request)
        if case .failure(let refusal) = await checkProofAndClient(request, form: form, endpoint: "revoke") { return refusal.response }
        state.withLock { state in
            let token = form["token"] ?? ""
            if let grant = state.refreshTokens[token]?.grant ?? state.accessTokens[token]?.grant { state.revokedGrants.insert(grant) }
            state.log.revocations += 1
        }
        return Self.json(200, [:])
    }

    /// A refused request's answer, as an error.
    struct RefusedRequest: Error {
        var response: HTTPResponse
    }

    /// The DPoP proof (to `/oauth/<endpoint>`) and then the client authentication every
    /// authorization server endpoint demands: the proof's key thumbprint and the client.
    func checkProofAndClient(_ request: HTTPRequest, form: [String: String], endpoint: String) async -> Result<(String, ClientInfo), RefusedRequest> {
        let jkt: String
        switch checkProof(request, url: issuer + "/oauth/" + endpoint, resource: false) {
        case .success(let thumbprint): jkt = thumbprint
        case .failure(let problem): return .failure(RefusedRequest(response: refuseProof(problem, at: endpoint)))
        }
        switch await authenticateClient(form) {
        case .success(let client): return .success((jkt, client))
        case .failure(let refusal): return .failure(RefusedRequest(response: refuse(endpoint, "invalid_client", refusal.reason)))
        }
    }

    // MARK: Answers

    /// A refusal with an OAuth error code, logged as `endpoint: error`.
    func refuse(_ endpoint: String, _ error: String, _ description: String, status: Int = 400) -> HTTPResponse {
        state.withLock { $0.log.refusals.append("\(endpoint): \(error) (\(description))") }
        return Self.json(status, ["error": error, "error_description": description])
    }

    /// A refused proof: `use_dpop_nonce` with the current nonce, or `invalid_dpop_proof`.
    func refuseProof(_ problem: ProofProblem, at endpoint: String) -> HTTPResponse {
        switch problem {
        case .invalid(let reason): return refuse(endpoint, "invalid_dpop_proof", reason)
        case .useNonce:
            var response = refuse(endpoint, "use_dpop_nonce", "nonce required")
            let (nonce, withhold) = state.withLock { ($0.authorizationNonce, $0.lies.contains(.withholdNonce)) }
            if !withhold { response.headers.add("DPoP-Nonce", nonce) }
            return response
        }
    }

    static func json(_ status: Int, _ object: [String: Any]) -> HTTPResponse {
        let body = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        var headers = HTTPHeaders()
        headers.add("Content-Type", "application/json")
        headers.add("Cache-Control", "no-store")
        return HTTPResponse(status: HTTPStatus(status), headers: headers, body: .bytes(Array(body)))
    }

    func form(_ request: HTTPRequest) -> [String: String] {
        guard request.headers["Content-Type"]?.hasPrefix("application/x-www-form-urlencoded") == true,
            let body = try? request.body.collect()
        else { return [:] }
        return form(String(decoding: body, as: UTF8.self))
    }

    func form(_ text: String) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = PercentEncoding.decode(parts[0], plusIsSpace: true),
                let value = PercentEncoding.decode(parts.count > 1 ? parts[1] : "", plusIsSpace: true)
            else { continue }
            fields[name] = fields[name] ?? value
        }
        return fields
    }
}
