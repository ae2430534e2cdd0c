/// A PDS's `/.well-known/oauth-protected-resource` (RFC 9728): which authorization
/// server issues tokens for it.
package struct ProtectedResourceMetadata: Decodable, Sendable, Equatable {
    package var resource: String
    package var authorizationServers: [String]

    enum CodingKeys: String, CodingKey {
        case resource
        case authorizationServers = "authorization_servers"
    }

    package init(resource: String, authorizationServers: [String]) {
        self.resource = resource
        self.authorizationServers = authorizationServers
    }

    /// The authorization server's origin after the checks: `resource` must be the PDS
    /// itself, and the first authorization server a plain origin.
    package func authorizationServer(forPDS pdsURL: String) throws(OAuthError) -> String {
        guard OAuthURL.origin(resource) == OAuthURL.origin(pdsURL) else {
            throw .invalidMetadata(server: pdsURL, detail: "resource \(resource) is not this PDS")
        }
        guard let first = authorizationServers.first, let origin = OAuthURL.origin(first), origin == first.trimmingTrailingSlash else {
            throw .invalidMetadata(server: pdsURL, detail: "no usable authorization server")
        }
        return origin
    }
}

extension String {
    /// The text without one trailing `/`, so `https://a.example/` names the origin too.
    var trimmingTrailingSlash: String { hasSuffix("/") ? String(dropLast()) : self }
}
