package import ATProto
import CurlHTTPClient
package import FoundationEssentials
import GrainSupport
import HTTPFields
import P256

/// AT Protocol OAuth for a confidential web client: the driver over the pure pieces
/// (`PKCE`, `DPoPProof`, `ClientAssertion`, the metadata checks).
///
/// `beginAuthorization` resolves the account, discovers and checks its authorization
/// server, and pushes the authorization request (PAR); `completeAuthorization` checks
/// the callback, exchanges the code and verifies who signed in; `refresh` and `revoke`
/// keep and end a session. Every request to the authorization server carries a client
/// assertion and a DPoP proof with that server's latest nonce, and is sent again once
/// when the server asks for a fresh nonce. All HTTP goes through `OutboundHTTP`, so
/// internal addresses are refused as everywhere else.
package struct OAuthClient: Sendable {
    let http: OutboundHTTP
    let identity: any OAuthIdentityLookup
    package let client: OAuthClientIdentity
    package let nonces: DPoPNonceCache
    let now: @Sendable () -> Date
    let timeout: Duration

    package init(
        http: OutboundHTTP, identity: any OAuthIdentityLookup, client: OAuthClientIdentity, nonces: DPoPNonceCache = DPoPNonceCache(),
        timeout: Duration = .seconds(10), now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.http = http
        self.identity = identity
        self.client = client
        self.nonces = nonces
        self.timeout = timeout
        self.now = now
    }

    /// Sends `request` and reads the whole answer; transport failures become
    /// `.unreachable` naming `service` (never the URL's query or any header).
    func send(_ request: HTTPClientRequest, service: String) async throws(OAuthError) -> HTTPClientResponse {
        var request = request
        request.timeout = timeout
        request.maxResponseBytes = 256 << 10
        do {
            return try await http.send(request)
        } catch {
            throw .unreachable(service: service, detail: error.description)
        }
    }

    /// GETs `url` and decodes its JSON body as `T`; any failure names `service`.
    func fetchJSON<T: Decodable>(_ type: T.Type, from url: String, service: String) async throws(OAuthError) -> T {
        let response = try await send(HTTPClientRequest(url: url, headers: ["Accept": "application/json"]), service: service)
        guard response.status == 200 else { throw .unreachable(service: service, detail: "status \(response.status)") }
        do {
            return try JSONDecoder().decode(T.self, from: Data(response.body))
        } catch {
            throw .invalidMetadata(server: service, detail: "unreadable JSON")
        }
    }
}
