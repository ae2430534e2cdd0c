/// Who is signing in and where their account lives: the result of identity resolution,
/// ready for `com.atproto.server.createSession` on `pdsURL`.
package struct ResolvedIdentity: Sendable, Equatable {
    package let did: DID
    /// The handle the person entered (canonical form); nil when they entered a DID.
    package let handle: Handle?
    /// Whether the DID document claims `handle` back (`at://<handle>` in
    /// `alsoKnownAs`). False when no handle was entered or the PDS was given by hand
    /// (no document is fetched then).
    package let handleVerified: Bool
    /// `scheme://host[:port]`, already checked against the outbound URL rules.
    package let pdsURL: String
    /// How the handle became a DID; nil when a DID was entered.
    package let handleResolution: HandleResolution?

    package init(did: DID, handle: Handle?, handleVerified: Bool, pdsURL: String, handleResolution: HandleResolution?) {
        self.did = did
        self.handle = handle
        self.handleVerified = handleVerified
        self.pdsURL = pdsURL
        self.handleResolution = handleResolution
    }
}
