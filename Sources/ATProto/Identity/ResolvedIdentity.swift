/// Who is signing in and where their account lives: the result of identity resolution,
/// ready for `com.atproto.server.createSession` on `pdsURL`.
public struct ResolvedIdentity: Sendable, Equatable {
    public let did: DID
    /// The handle the person entered (canonical form); nil when they entered a DID.
    public let handle: Handle?
    /// Whether the DID document claims `handle` back (`at://<handle>` in
    /// `alsoKnownAs`). False when no handle was entered or the PDS was given by hand
    /// (no document is fetched then).
    public let handleVerified: Bool
    /// `scheme://host[:port]`, already checked against the outbound URL rules.
    public let pdsURL: String
    /// How the handle became a DID; nil when a DID was entered.
    public let handleResolution: HandleResolution?

    public init(did: DID, handle: Handle?, handleVerified: Bool, pdsURL: String, handleResolution: HandleResolution?) {
        self.did = did
        self.handle = handle
        self.handleVerified = handleVerified
        self.pdsURL = pdsURL
        self.handleResolution = handleResolution
    }
}
