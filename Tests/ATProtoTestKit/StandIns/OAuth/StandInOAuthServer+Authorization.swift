import Foundation
import GrainSupport
import MicroHTTPServer
import Synchronization

/// The authorization server's routes: metadata, PAR, the authorize page and its
/// approval, token and revocation.
extension StandInOAuthServer {
    func respondAsAuthorizationServer(to request: HTTPRequest) async -> HTTPResponse {
        rotatingNonce(await answerAsAuthorizationServer(to: request), to: request, resource: false)
    }

    /// With `.newNonceEveryAnswer`, a successful answer to a request with a DPoP proof
    /// brings a new nonce, which replaces the one before.
    func rotatingNonce(_ response: HTTPResponse, to request: HTTPRequest, resource: Bool) -> HTTPResponse {
        guard request.headers["DPoP"] != nil, response.status.code < 400, response.headers["DPoP-Nonce"] == nil else { return response }
        let nonce = state.withLock { state -> String? in
            guard state.lies.contains(.newNonceEveryAnswer) else { return nil }
            let nonce = Self.random()
            if resource { state.resourceNonce = nonce } else { state.authorizationNonce = nonce }
            return nonce
        }
        guard let nonce else { return response }
        var response = response
        response.headers.add("DPoP-Nonce", nonce)
        return response
    }

    func answerAsAuthorizationServer(to request: HTTPRequest) async -> HTTPResponse {
        switch (request.method.rawValue, request.path) {
        case ("GET", "/.well-known/oauth-authorization-server"): return metadataResponse()
        case ("POST", "/oauth/par"): return await pushedAuthorizationRequest(request)
        case ("GET", "/oauth/authorize"): return authorizePage(form(request.query ?? ""))
        case ("POST", "/oauth/authorize"): return approve(form(request))
        case ("POST", "/oauth/token"): return await token(request)
        case ("POST", "/oauth/revoke"): return await revoke(request)
        default: return Self.json(404, ["error": "not_found"])
        }
    }

    func metadataResponse() -> HTTPResponse {
        let lies = state.withLock { $0.lies }
        var claimed = issuer
        for case .metadataIssuer(let other) in lies { claimed = other }
        return Self.json(
            200,
            [
                "issuer": claimed, "authorization_endpoint": issuer + "/oauth/authorize", "token_endpoint": issuer + "/oauth/token",
                "pushed_authorization_request_endpoint": issuer + "/oauth/par", "revocation_endpoint": issuer + "/oauth/revoke",
                "require_pushed_authorization_requests": true, "code_challenge_methods_supported": ["S256"],
                "token_endpoint_auth_methods_supported": ["none", "private_key_jwt"], "token_endpoint_auth_signing_alg_values_supported": ["ES256"],
                "dpop_signing_alg_values_supported": ["ES256"], "authorization_response_iss_parameter_supported": true,
                "client_id_metadata_document_supported": true, "response_types_supported": ["code"],
                "grant_types_supported": ["authorization_code", "refresh_token"],
                "scopes_supported": ["atproto", "transition:generic"],
            ])
    }

    func pushedAuthorizationRequest(_ request: HTTPRequest) async -> HTTPResponse {
        let form = form(request)
        let jkt: String
        let client: ClientInfo
        switch await checkProofAndClient(request, form: form, endpoint: "par") {
        case .success(let (thumbprint, info)): (jkt, client) = (thumbprint, info)
        case .failure(let refusal): return refusal.response
        }
        guard form["response_type"] == "code" else { return refuse("par", "unsupported_response_type", "code only") }
        guard form["code_challenge_method"] == "S256", let challenge = form["code_challenge"], challenge.count == 43 else {
            return refuse("par", "invalid_request", "PKCE S256 required")
        }
        guard let clientState = form["state"], !clientState.isEmpty else { return refuse("par", "invalid_request", "state required") }
        guard let redirect = form["redirect_uri"], client.redirectURIs.contains(redirect) else {
            return refuse("par", "invalid_request", "redirect_uri")
        }
        let scope = (form["scope"] ?? "").split(separator: " ").map(String.init)
        guard scope.contains("atproto"), scope.allSatisfy(client.scope.contains) else { return refuse("par", "invalid_scope", "scope") }
        let requestURI = "urn:ietf:params:oauth:request_uri:req-" + Self.random()
        let pushed = PushedRequest(
            clientID: client.clientID, redirectURI: redirect, codeChallenge: challenge, state: clientState, scope: scope.joined(separator: " "),
            loginHint: form["login_hint"], jkt: jkt, expiresAt: Date().addingTimeInterval(300))
        state.withLock { $0.pushed[requestURI] = pushed }
        return Self.json(201, ["request_uri": requestURI, "expires_in": 300])
    }

    /// A page the browser (or a test) approves: one button per account, hint first.
    func authorizePage(_ query: [String: String]) -> HTTPResponse {
        guard let requestURI = query["request_uri"],
            let (pushed, accounts) = state.withLock({ state in
                state.pushed[requestURI].map { ($0, state.accounts) }
            }), pushed.clientID == query["client_id"], pushed.expiresAt > Date()
        else { return HTTPResponse(status: .badRequest, contentType: "text/plain", text: "unknown request_uri") }
        let buttons = accounts.map { account in
            "<button type=\"submit\" name=\"did\" value=\"\(account.did)\">Approve as \(account.handle)</button>"
        }.joined()
        let html = """
            <!doctype html><html><head><title>Stand-in authorization</title><link rel="icon" href="data:,"></head><body>
            <h1>Authorize \(pushed.clientID)?</h1><p>Scope: \(pushed.scope)</p>
            <form method="post" action="/oauth/authorize"><input type="hidden" name="request_uri" value="\(requestURI)">\(buttons)
            <button type="submit" name="deny" value="1">Deny</button></form></body></html>
            """
        return HTTPResponse(status: .ok, contentType: "text/html; charset=utf-8", text: html)
    }

    /// The approval (or denial): a redirect to the client with `code`, `state` and
    /// `iss`. The request URI is used up.
    func approve(_ form: [String: String]) -> HTTPResponse {
        guard let location = approvalRedirect(requestURI: form["request_uri"] ?? "", did: form["did"], deny: form["deny"] != nil) else {
            return HTTPResponse(status: .badRequest, contentType: "text/plain", text: "unknown request_uri")
        }
        var headers = HTTPHeaders()
        headers.add("Location", location)
        return HTTPResponse(status: .seeOther, headers: headers)
    }

    /// What approving `authorizationURL` (the client's redirect) as `did` (by default the
    /// account the login hint names, or the first) sends the browser back to: the
    /// callback URL, as a test would follow it.
    package func approve(authorizationURL: String, as did: String? = nil, deny: Bool = false) -> String? {
        guard let query = authorizationURL.split(separator: "?", maxSplits: 1).last.map(String.init) else { return nil }
        let fields = form(query)
        guard let pushed = state.withLock({ $0.pushed[fields["request_uri"] ?? ""] }), pushed.clientID == fields["client_id"] else { return nil }
        return approvalRedirect(requestURI: fields["request_uri"] ?? "", did: did, deny: deny)
    }

    func approvalRedirect(requestURI: String, did: String?, deny: Bool) -> String? {
        state.withLock { state -> String? in
            guard let pushed = state.pushed.removeValue(forKey: requestURI), pushed.expiresAt > Date() else { return nil }
            var callbackIssuer = issuer
            for case .callbackIssuer(let other) in state.lies { callbackIssuer = other }
            var query: [(String, String)] = [("state", pushed.state), ("iss", callbackIssuer)]
            if deny {
                query.append(("error", "access_denied"))
            } else {
                let hinted = state.accounts.first { $0.handle == pushed.loginHint || $0.did == pushed.loginHint }
                guard let account = did ?? hinted?.did ?? state.accounts.first?.did else { return nil }
                let code = "cod-" + Self.random()
                state.codes[code] = IssuedCode(request: pushed, did: account)
                query.append(("code", code))
            }
            for case .callbackParameter(let name, let value) in state.lies {
                let at = query.firstIndex { $0.0 == name }
                switch (at, value) {
                case (let at?, let value?): query[at].1 = value
                case (let at?, nil): query.remove(at: at)
                case (nil, let value?): query.append((name, value))
                case (nil, nil): break
                }
            }
            let encoded = query.map { $0.0 + "=" + PercentEncoding.encodeComponent($0.1) }.joined(separator: "&")
            return pushed.redirectURI + (pushed.redirectURI.contains("?") ? "&" : "?") + encoded
        }
    }
}
