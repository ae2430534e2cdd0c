import FoundationEssentials
package import P256

/// The client metadata document served at the `client_id` URL, and the JWKS it names:
/// what an authorization server reads to learn this client's redirect URI, scope and
/// the public keys its assertions are checked against.
package struct OAuthClientMetadata: Encodable, Sendable {
    package var clientID: String
    package var applicationType = "web"
    package var grantTypes = ["authorization_code", "refresh_token"]
    package var responseTypes = ["code"]
    package var scope: String
    package var redirectURIs: [String]
    package var dpopBoundAccessTokens = true
    package var tokenEndpointAuthMethod = "private_key_jwt"
    package var tokenEndpointAuthSigningAlg = "ES256"
    package var jwksURI: String
    package var clientName: String
    package var clientURI: String

    enum CodingKeys: String, CodingKey {
        case clientID = "client_id"
        case applicationType = "application_type"
        case grantTypes = "grant_types"
        case responseTypes = "response_types"
        case scope
        case redirectURIs = "redirect_uris"
        case dpopBoundAccessTokens = "dpop_bound_access_tokens"
        case tokenEndpointAuthMethod = "token_endpoint_auth_method"
        case tokenEndpointAuthSigningAlg = "token_endpoint_auth_signing_alg"
        case jwksURI = "jwks_uri"
        case clientName = "client_name"
        case clientURI = "client_uri"
    }

    package init(client: OAuthClientIdentity, jwksURI: String, clientName: String, clientURI: String) {
        clientID = client.clientID
        scope = client.scope.description
        redirectURIs = [client.redirectURI]
        self.jwksURI = jwksURI
        self.clientName = clientName
        self.clientURI = clientURI
    }

    /// The document as JSON.
    package var json: [UInt8] { Self.encode(self) }

    /// `{"keys":[…]}` with each published key's public half under its `kid`.
    package static func jwks(_ keys: [(kid: String, key: P256.PublicKey)]) -> [UInt8] {
        struct Set: Encodable { var keys: [JSONWebKey] }
        return encode(Set(keys: keys.map { JSONWebKey($0.key, kid: $0.kid) }))
    }

    static func encode(_ value: some Encodable) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array((try? encoder.encode(value)) ?? Data("{}".utf8))
    }
}
