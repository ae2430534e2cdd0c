import CurlHTTPClient
import FoundationEssentials
import GrainSupport
import HTTPFields
import P256

/// One request to an authorization server endpoint: a form with the client assertion,
/// a DPoP proof with the latest nonce, and one retry when the server asks for a nonce.
extension OAuthClient {
    /// An authorization server's answer: status, JSON body and its `error` code.
    struct ServerAnswer {
        var status: Int
        var body: [UInt8]
        var error: String?

        var isSuccess: Bool { (200..<300).contains(status) }
    }

    /// POSTs `fields` to `endpoint` of `server`, signed by `dpopKey`. A new assertion
    /// and proof (new `jti`) for each sending; the `DPoP-Nonce` of every answer is kept.
    /// The assertion is signed with the client key `clientKeyID` (a session's own; the
    /// current one for a new sign-in); a retired key ends the session.
    func post(
        _ fields: [(String, String)], to endpoint: String, server: AuthorizationServer, dpopKey: P256.PrivateKey,
        clientKeyID: String
    ) async throws(OAuthError)
        -> ServerAnswer
    {
        guard let origin = OAuthURL.origin(endpoint) else { throw .invalidMetadata(server: server.issuer, detail: "endpoint") }
        guard let clientKey = client.signingKey(for: clientKeyID) else { throw .sessionEnded }
        let jkt = dpopKey.publicKey.jwkThumbprint
        var answer = ServerAnswer(status: 0, body: [], error: nil)
        for attempt in 0..<2 {
            let time = now()
            let assertion = try ClientAssertion.make(
                clientID: client.clientID, issuer: server.issuer, key: clientKey, keyID: clientKeyID, now: time)
            let proof = try DPoPProof.make(key: dpopKey, method: "POST", url: endpoint, nonce: nonces.nonce(jkt: jkt, origin: origin), now: time)
            let body = OAuthForm.encode(fields + [("client_id", client.clientID)] + ClientAssertion.formFields(assertion))
            let request = HTTPClientRequest(
                method: "POST", url: endpoint,
                headers: [
                    ("Content-Type", "application/x-www-form-urlencoded"), ("Accept", "application/json"), ("DPoP", proof),
                ],
                body: .bytes(Array(body.utf8)))
            let response = try await send(request, service: server.issuer)
            if let nonce = response.headers["DPoP-Nonce"], !nonce.isEmpty { nonces.remember(nonce, jkt: jkt, origin: origin) }
            answer = ServerAnswer(status: response.status, body: response.body, error: Self.errorCode(of: response))
            guard attempt == 0, answer.error == "use_dpop_nonce", response.headers["DPoP-Nonce"] != nil else { break }
        }
        return answer
    }

    /// The OAuth `error` of an answer: from its JSON body, or a `WWW-Authenticate`
    /// challenge's `error` parameter.
    static func errorCode(of response: HTTPClientResponse) -> String? {
        guard !(200..<300).contains(response.status) else { return nil }
        struct ErrorBody: Decodable { var error: String? }
        if let error = (try? JSONDecoder().decode(ErrorBody.self, from: Data(response.body)))?.error { return error }
        return response.headers.values(for: "WWW-Authenticate").lazy.compactMap { field in
            field.firstMatch(of: #/error="([^"]*)"/#).map { String($0.output.1) }
        }.first
    }
}
