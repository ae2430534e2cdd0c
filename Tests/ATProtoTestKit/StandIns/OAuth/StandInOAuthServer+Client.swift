import CurlHTTPClient
import Foundation
import Synchronization

/// Client authentication: the client metadata document fetched from the `client_id`
/// URL, checked, and the `private_key_jwt` assertion checked against its JWKS.
extension StandInOAuthServer {
    /// What the server keeps of an authenticated client.
    struct ClientInfo {
        var clientID: String
        var redirectURIs: [String]
        var scope: [String]
    }

    /// Why a request was refused, for the `error_description`.
    struct Refusal: Error {
        var reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// The client of a request `form`, or why it was refused (`invalid_client`).
    func authenticateClient(_ form: [String: String]) async -> Result<ClientInfo, Refusal> {
        guard let clientID = form["client_id"] else { return .failure(Refusal("no client_id")) }
        guard form["client_assertion_type"] == "urn:ietf:params:oauth:client-assertion-type:jwt-bearer",
            let assertion = form["client_assertion"].flatMap(StandInJWT.init)
        else { return .failure(Refusal("no client assertion")) }
        guard let metadata = await fetchJSON(clientID) else { return .failure(Refusal("client metadata unavailable")) }
        guard metadata["client_id"] as? String == clientID, metadata["application_type"] as? String == "web",
            let grants = metadata["grant_types"] as? [String], grants.contains("authorization_code"), grants.contains("refresh_token"),
            metadata["response_types"] as? [String] == ["code"], metadata["dpop_bound_access_tokens"] as? Bool == true,
            metadata["token_endpoint_auth_method"] as? String == "private_key_jwt",
            metadata["token_endpoint_auth_signing_alg"] as? String == "ES256",
            let redirects = metadata["redirect_uris"] as? [String], !redirects.isEmpty,
            let scope = (metadata["scope"] as? String)?.split(separator: " ").map(String.init), scope.contains("atproto")
        else { return .failure(Refusal("client metadata breaks the rules")) }
        var keys = metadata["jwks"] as? [String: Any]
        if keys == nil, let uri = metadata["jwks_uri"] as? String { keys = await fetchJSON(uri) }
        guard let kid = assertion.header["kid"] as? String,
            let jwk = (keys?["keys"] as? [[String: Any]])?.first(where: { $0["kid"] as? String == kid }),
            let key = StandInJWT.publicKey(jwk: jwk), assertion.isSigned(by: key)
        else { return .failure(Refusal("assertion signature")) }
        let now = Int(Date().timeIntervalSince1970)
        guard assertion.string("iss") == clientID, assertion.string("sub") == clientID else { return .failure(Refusal("assertion iss/sub")) }
        guard assertion.string("aud") == issuer else { return .failure(Refusal("assertion aud")) }
        guard let exp = assertion.int("exp"), exp > now, let iat = assertion.int("iat"), iat <= now + 60, exp - iat <= 600 else {
            return .failure(Refusal("assertion times"))
        }
        guard let jti = assertion.string("jti") else { return .failure(Refusal("assertion jti")) }
        let fresh = state.withLock { state in
            state.log.assertionJTIs.append(jti)
            return state.seenAssertionJTIs.insert(jti).inserted || state.lies.contains(.acceptReplayedAssertions)
        }
        guard fresh else { return .failure(Refusal("assertion replayed")) }
        return .success(ClientInfo(clientID: clientID, redirectURIs: redirects, scope: scope))
    }

    /// A JSON object at `url`: status 200, `application/json`, no redirects followed.
    func fetchJSON(_ url: String) async -> [String: Any]? {
        guard let response = try? await fetcher.execute(HTTPClientRequest(url: url, timeout: .seconds(5))), response.status == 200,
            response.headers["Content-Type"]?.hasPrefix("application/json") == true
        else { return nil }
        return (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any]
    }
}
