package import OAuthClient

/// This server as an OAuth client, with where its sessions' grants are kept: what
/// `AuthorizedPDS` needs to act for an account signed in with OAuth, and what signing
/// in stores into. One per process, so each session's refreshes run one at a time
/// (`OAuthAuthorizer.Refresher`) whichever request or outbox job asks.
package struct OAuthSessions: Sendable {
    package let client: OAuthClient
    package let grants: any OAuthGrantStore
    /// The client's published keys, for the JWKS document.
    package let keys: OAuthClientKeys
    /// Resolves accounts again after every renewal (`OAuthIdentityCheck`).
    package let identity: any IdentityResolving
    private let refresher = OAuthAuthorizer.Refresher()

    package init(client: OAuthClient, grants: any OAuthGrantStore, keys: OAuthClientKeys, identity: any IdentityResolving) {
        self.client = client
        self.grants = grants
        self.keys = keys
        self.identity = identity
    }

    /// The authorizer of the session `sessionKey` (its id hash) in `sessions`; its grant
    /// is read from the store when first needed, its account checked again after every
    /// renewal (its handle kept in `sessions`), and a session whose grant ends is removed
    /// from `sessions` too.
    package func authorizer(sessionKey: String, sessions: SessionStore) -> OAuthAuthorizer {
        OAuthAuthorizer(
            sessionKey: sessionKey, grant: nil, client: client, store: SessionEndingGrantStore(grants: grants, sessions: sessions),
            refresher: refresher, identityCheck: OAuthIdentityCheck(identity: identity, client: client), sessions: sessions)
    }
}
