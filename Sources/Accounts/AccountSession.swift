package import ATProto

/// A signed-in browser: who it is, where their PDS is, and the tokens for it (kept
/// only on the server; the browser holds just a random session id).
package struct AccountSession: Sendable, Equatable {
    /// SHA-256 of the cookie value, the database key.
    package var idHash: String
    package var did: DID
    package var handle: Handle?
    package var displayName: String?
    package var pdsURL: String
    /// An app password's tokens; for an OAuth session (`kind`) both are empty, its
    /// credentials being the grant in `oauth-sessions/`.
    package var tokens: PDSSession
    package var kind: SessionKind
    /// The session's cookie was set as `__Host-sid` (over https): it is read from that
    /// cookie alone, never from a plain `sid` another host could have planted. False for
    /// sessions signed in over http, and those from before the `__Host-` names, which
    /// keep working under the plain name (`SessionStore.accounts(in:)`).
    package var issuedAsHostCookie: Bool

    package init(
        idHash: String, did: DID, handle: Handle?, displayName: String?, pdsURL: String, tokens: PDSSession, kind: SessionKind = .appPassword,
        issuedAsHostCookie: Bool = false
    ) {
        self.idHash = idHash
        self.did = did
        self.handle = handle
        self.displayName = displayName
        self.pdsURL = pdsURL
        self.tokens = tokens
        self.kind = kind
        self.issuedAsHostCookie = issuedAsHostCookie
    }

    package var name: String { ProfileView.visibleName(displayName, handle: shownHandle) }

    /// The handle, or the DID when the account has none.
    package var shownHandle: String { handle?.rawValue ?? did.rawValue }

    /// Whether `identifier` (a handle or DID as typed at sign-in, any letter case) is
    /// this account.
    package func isNamed(_ identifier: String) -> Bool {
        let typed = identifier.lowercased()
        return typed == did.rawValue.lowercased() || typed == handle?.rawValue.lowercased()
    }

    /// How the account appears as a story's author before the AppView knows the story.
    package var profileView: ProfileView {
        ProfileView(did: did, handle: handle, cid: "", displayName: displayName, avatar: nil)
    }
}
