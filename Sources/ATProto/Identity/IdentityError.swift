/// Why an identifier could not be turned into a DID and a PDS.
///
/// Each case carries only public facts (a handle, a DID, a PDS address, the name of a
/// service), never what the person typed as a password. `userMessage` says in plain
/// words what happened and what to do; `description` adds detail for logs.
package enum IdentityError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Neither a valid handle nor a DID.
    case invalidHandle
    /// A DID of a method this server cannot resolve (only `did:plc` and `did:web`).
    case unsupportedDID
    /// No method found a DID for this (normalised) handle.
    case handleNotFound(String)
    /// The PLC directory or the `did:web` host has no document for this DID.
    case didNotFound(String)
    /// The DID's document could not be read, or names a different DID.
    case invalidDIDDocument(String)
    /// The DID's document names no usable PDS.
    case noPDS(String)
    /// A PDS address someone typed is not a usable URL.
    case invalidPDS
    /// The PDS is reached over plain http and is not an operator-listed insecure host.
    case insecurePDS(String)
    /// A service did not answer in time or failed: `service` names it for people,
    /// `cause` (no secrets: transport errors hold no URLs or headers) is for logs.
    case unreachable(service: String, cause: UpstreamFailure)
    /// The DID's document names another PDS than the one given or the one that issued
    /// the session (`documentPDS`, nil when it names none): that PDS cannot speak for
    /// this account.
    case pdsMismatch(did: String, documentPDS: String?)
    /// The handle does not resolve back to the DID, or the DID's document does not claim
    /// it: the account cannot be shown under that name.
    case handleMismatch(handle: String, did: String)

    package var description: String {
        switch self {
        case .unreachable(let service, let cause): "\(service) unreachable: \(cause)"
        default: userMessage
        }
    }

    /// What to tell the person signing in.
    package var userMessage: String {
        switch self {
        case .invalidHandle:
            "That is not a handle. A handle looks like alice.bsky.social."
        case .unsupportedDID:
            "Only accounts with a did:plc or did:web identity can sign in here."
        case .handleNotFound(let handle):
            "No account called \(handle) was found. Check how your handle is spelled: it looks like alice.bsky.social."
        case .didNotFound(let did):
            "No account with the identity \(did) was found. Check it. \(Self.lanHint)"
        case .invalidDIDDocument(let did):
            "The identity document of \(did) could not be read, so this server cannot check who you are. \(Self.lanHint)"
        case .noPDS(let did):
            "The identity document of \(did) does not say where the account is hosted, so this server cannot check who you are. \(Self.lanHint)"
        case .invalidPDS:
            "That PDS address is not usable. Enter it like https://pds.example.com."
        case .insecurePDS(let address):
            "The PDS at \(address) does not use https, so this server will not send your password there."
        case .unreachable(let service, _):
            "\(service) could not be reached just now, so this server cannot check who you are. Try again in a moment."
        case .pdsMismatch(let did, let documentPDS?):
            "That PDS does not host \(did): its identity document names \(documentPDS). Leave the PDS address empty, or enter \(documentPDS)."
        case .pdsMismatch(let did, nil):
            "That PDS does not host \(did). Leave the PDS address empty and try again."
        case .handleMismatch(let handle, let did):
            "The handle \(handle) does not point back to the account \(did), so this server cannot be sure it is yours. Check the handle's DNS record or well-known file, or sign in with the DID."
        }
    }

    /// Accounts on a PDS on the operator's own network may have identities that cannot
    /// be resolved from here; only the operator can vouch for such a PDS.
    static let lanHint = "If your account is on a PDS on this network, ask whoever runs this server to list that PDS as trusted."
}
