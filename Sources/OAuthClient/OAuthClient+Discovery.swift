import ATProto

/// Finding and checking the authorization server: from a PDS through its protected
/// resource metadata, or from a server name the person typed.
extension OAuthClient {
    /// The authorization server that protects `pdsURL`, with its metadata checked.
    package func authorizationServer(forPDS pdsURL: String) async throws(OAuthError) -> AuthorizationServer {
        try await authorizationServer(origin: try await authorizationServerOrigin(forPDS: pdsURL))
    }

    /// The origin of the authorization server `pdsURL`'s protected-resource metadata
    /// names (its `issuer`, once its own metadata is checked).
    package func authorizationServerOrigin(forPDS pdsURL: String) async throws(OAuthError) -> String {
        guard let pds = OAuthURL.origin(pdsURL) else { throw .invalidMetadata(server: pdsURL, detail: "not a URL") }
        let resource = try await fetchJSON(
            ProtectedResourceMetadata.self, from: pds + "/.well-known/oauth-protected-resource", service: pds)
        return try resource.authorizationServer(forPDS: pds)
    }

    /// The authorization server at `origin`; its `issuer` must be exactly that origin.
    package func authorizationServer(origin: String) async throws(OAuthError) -> AuthorizationServer {
        let metadata = try await fetchJSON(
            AuthorizationServerMetadata.self, from: origin + "/.well-known/oauth-authorization-server", service: origin)
        return try metadata.validated(fetchedFrom: origin)
    }

    /// The authorization server for a server name (a PDS or an entryway such as
    /// `bsky.social`): the name's own authorization server metadata, or else the one
    /// its protected resource metadata names.
    func authorizationServer(forServerName name: String) async throws(OAuthError) -> AuthorizationServer {
        let text = name.contains("://") ? name : "https://" + name
        guard let origin = OAuthURL.origin(text) else { throw .identity(.invalidPDS) }
        do {
            return try await authorizationServer(origin: origin)
        } catch {
            if case .issuerMismatch = error { throw error }
            return try await authorizationServer(forPDS: origin)
        }
    }

    /// Whether the account `did` is hosted on a PDS that `issuer` protects, as the
    /// specification requires before a `sub` is believed: resolves the DID afresh.
    /// Gives the PDS.
    func verifySubject(_ did: DID, isProtectedBy issuer: String) async throws(OAuthError) -> ResolvedIdentity {
        let resolved: ResolvedIdentity
        do {
            resolved = try await identity.lookUp(did.rawValue)
        } catch {
            throw .identity(error)
        }
        guard resolved.did == did else { throw .subjectMismatch(expected: did.rawValue, found: resolved.did.rawValue) }
        let server: AuthorizationServer
        do {
            server = try await authorizationServer(forPDS: resolved.pdsURL)
        } catch {
            if case .unreachable = error { throw error }
            throw .subjectNotProtectedByIssuer(did: did.rawValue, issuer: issuer)
        }
        guard server.issuer == issuer else { throw .subjectNotProtectedByIssuer(did: did.rawValue, issuer: issuer) }
        return resolved
    }
}
