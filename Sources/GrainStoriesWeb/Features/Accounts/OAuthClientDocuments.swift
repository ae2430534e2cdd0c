import Accounts
import MicroHTTPServer
import OAuthClient

/// `/oauth/client-metadata.json` (the `client_id`) and `/oauth/jwks.json`: what an
/// authorization server fetches to learn this client's redirect URI, scope and public
/// keys. Both are made once at start-up (keys change only with `grain-stories oauth
/// rotate-key` and a restart) and may be cached for ten minutes.
struct OAuthClientDocuments: Sendable {
    static let metadataPath = "/oauth/client-metadata.json"
    static let jwksPath = "/oauth/jwks.json"
    static let callbackPath = "/oauth/callback"

    let metadata: [UInt8]
    let jwks: [UInt8]

    init(oauth: OAuthSessions, publicURL: String) {
        metadata =
            OAuthClientMetadata(
                client: oauth.client.client, jwksURI: publicURL + Self.jwksPath, clientName: "GrainStories", clientURI: publicURL
            ).json
        jwks = oauth.keys.jwks
    }

    func metadataResponse() -> HTTPResponse { Self.json(metadata) }

    func jwksResponse() -> HTTPResponse { Self.json(jwks) }

    private static func json(_ bytes: [UInt8]) -> HTTPResponse {
        var headers = HTTPHeaders()
        headers.set("Content-Type", "application/json")
        headers.set("Cache-Control", "public, max-age=600")
        return HTTPResponse(status: .ok, headers: headers, body: .bytes(bytes))
    }
}
