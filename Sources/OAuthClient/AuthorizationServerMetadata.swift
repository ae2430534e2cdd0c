/// An authorization server's `/.well-known/oauth-authorization-server` (RFC 8414), and
/// the checks AT Protocol OAuth requires before a client talks to it.
package struct AuthorizationServerMetadata: Decodable, Sendable, Equatable {
    package var issuer: String
    package var authorizationEndpoint: String
    package var tokenEndpoint: String
    package var pushedAuthorizationRequestEndpoint: String?
    package var revocationEndpoint: String?
    package var requirePushedAuthorizationRequests: Bool?
    package var codeChallengeMethodsSupported: [String]?
    package var tokenEndpointAuthMethodsSupported: [String]?
    package var tokenEndpointAuthSigningAlgValuesSupported: [String]?
    package var dpopSigningAlgValuesSupported: [String]?
    package var authorizationResponseIssParameterSupported: Bool?
    package var clientIDMetadataDocumentSupported: Bool?
    package var scopesSupported: [String]?

    enum CodingKeys: String, CodingKey {
        case issuer
        case authorizationEndpoint = "authorization_endpoint"
        case tokenEndpoint = "token_endpoint"
        case pushedAuthorizationRequestEndpoint = "pushed_authorization_request_endpoint"
        case revocationEndpoint = "revocation_endpoint"
        case requirePushedAuthorizationRequests = "require_pushed_authorization_requests"
        case codeChallengeMethodsSupported = "code_challenge_methods_supported"
        case tokenEndpointAuthMethodsSupported = "token_endpoint_auth_methods_supported"
        case tokenEndpointAuthSigningAlgValuesSupported = "token_endpoint_auth_signing_alg_values_supported"
        case dpopSigningAlgValuesSupported = "dpop_signing_alg_values_supported"
        case authorizationResponseIssParameterSupported = "authorization_response_iss_parameter_supported"
        case clientIDMetadataDocumentSupported = "client_id_metadata_document_supported"
        case scopesSupported = "scopes_supported"
    }

    /// The endpoints this client uses, after every check: `issuer` must be exactly the
    /// origin the metadata was fetched from, PAR required, S256, `private_key_jwt` with
    /// ES256, DPoP with ES256, the `iss` response parameter, client metadata documents
    /// and the `atproto` scope supported, and every endpoint on an http(s) URL.
    package func validated(fetchedFrom origin: String) throws(OAuthError) -> AuthorizationServer {
        guard issuer == origin else { throw .issuerMismatch(expected: origin, found: issuer) }
        func require(_ condition: Bool, _ detail: String) throws(OAuthError) {
            if !condition { throw .invalidMetadata(server: origin, detail: detail) }
        }
        try require(requirePushedAuthorizationRequests == true, "PAR is not required")
        try require(codeChallengeMethodsSupported?.contains("S256") == true, "no S256 PKCE")
        try require(tokenEndpointAuthMethodsSupported?.contains("private_key_jwt") == true, "no private_key_jwt")
        try require(tokenEndpointAuthSigningAlgValuesSupported?.contains("ES256") == true, "no ES256 client assertions")
        try require(dpopSigningAlgValuesSupported?.contains("ES256") == true, "no ES256 DPoP")
        try require(authorizationResponseIssParameterSupported == true, "no iss response parameter")
        try require(clientIDMetadataDocumentSupported == true, "no client ID metadata documents")
        try require(scopesSupported?.contains("atproto") != false, "no atproto scope")
        guard let par = pushedAuthorizationRequestEndpoint else { throw .invalidMetadata(server: origin, detail: "no PAR endpoint") }
        for endpoint in [authorizationEndpoint, tokenEndpoint, par] + (revocationEndpoint.map { [$0] } ?? []) {
            try require(OAuthURL.origin(endpoint) != nil, "endpoint \(endpoint) is not an http(s) URL")
        }
        return AuthorizationServer(
            issuer: issuer, authorizationEndpoint: authorizationEndpoint, tokenEndpoint: tokenEndpoint, parEndpoint: par,
            revocationEndpoint: revocationEndpoint)
    }
}

/// An authorization server whose metadata passed the checks: what a session keeps so
/// it can refresh and revoke without discovering again.
package struct AuthorizationServer: Codable, Sendable, Equatable {
    package var issuer: String
    package var authorizationEndpoint: String
    package var tokenEndpoint: String
    package var parEndpoint: String
    package var revocationEndpoint: String?

    package init(issuer: String, authorizationEndpoint: String, tokenEndpoint: String, parEndpoint: String, revocationEndpoint: String?) {
        self.issuer = issuer
        self.authorizationEndpoint = authorizationEndpoint
        self.tokenEndpoint = tokenEndpoint
        self.parEndpoint = parEndpoint
        self.revocationEndpoint = revocationEndpoint
    }
}
