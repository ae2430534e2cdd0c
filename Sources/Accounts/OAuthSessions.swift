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
    private let refresher = OAuthAuthorizer.Refresher()

    package init(client: OAuthClient, grants: any OAuthGrantStore, keys: OAuthClientKeys) {
        self.client = client
        self.grants = grants
        self.keys = keys
    }

    /// The authorizer of the session `sessionKey` (its id hash) in `sessions`; its grant
    /// is read from the store when first needed, and a session whose grant ends is
    /// removed from `sessions` too.
    package func authorizer(sessionKey: String, sessions: SessionStore) -> OAuthAuthorizer {
        OAuthAuthorizer(
            sessionKey: sessionKey, grant: nil, client: client, store: SessionEndingGrantStore(grants: grants, sessions: sessions),
            refresher: refresher)
    }
}
