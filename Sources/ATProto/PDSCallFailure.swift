/// Why a call on a `PDSConnection` that needs credentials failed: the PDS's answer (or
/// its absence), or what its `PDSAuthorizer` found while renewing the credentials.
/// `AuthorizedPDS.Failure` is this type.
package enum PDSCallFailure: Error, Sendable, CustomStringConvertible {
    /// The PDS no longer accepts this session: sign in again.
    case signedOut
    /// The PDS's answer (or lack of one), to the call or to renewing its credentials.
    case pds(XRPCError)
    /// The account's identity could not be checked at a renewal just now (the directory
    /// or the handle's host did not answer): try again later.
    case identity(IdentityError)
    /// Something on this server failed, not the PDS: storing renewed credentials (the
    /// session store throws untyped errors), signing a request, or a caller's own work
    /// (`AuthorizedPDS.perform`). The error is kept as it is.
    case local(any Error)

    package var description: String {
        switch self {
        case .signedOut: "the PDS ended this session"
        case .pds(let error): "pds: \(error)"
        case .identity(let error): "identity: \(error)"
        case .local(let error): "local: \(error)"
        }
    }
}
