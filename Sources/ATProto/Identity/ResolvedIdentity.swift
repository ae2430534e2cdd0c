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
    /// True when the directory has no document for the DID and a PDS the operator
    /// trusts was taken at its word (a sign-in that cost a directory call for a DID it
    /// does not know: these are limited per client).
    package let vouchedForByOperator: Bool

    package init(
        did: DID, handle: Handle?, handleVerified: Bool, pdsURL: String, handleResolution: HandleResolution?, vouchedForByOperator: Bool = false
    ) {
        self.did = did
        self.handle = handle
        self.handleVerified = handleVerified
        self.pdsURL = pdsURL
        self.handleResolution = handleResolution
        self.vouchedForByOperator = vouchedForByOperator
    }
}
