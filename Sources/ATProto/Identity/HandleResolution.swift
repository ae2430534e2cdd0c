/// How a handle became a DID.
package struct HandleResolution: Sendable, Equatable {
    /// Which lookup produced the DID.
    package enum Method: String, Sendable, Equatable {
        /// The `_atproto.<handle>` TXT record.
        case dns
        /// `https://<handle>/.well-known/atproto-did`.
        case wellKnown
        /// `com.atproto.identity.resolveHandle` on the configured resolver.
        case resolver
        /// `com.atproto.identity.resolveHandle` on the PDS the person named.
        case pds
    }

    package let did: DID
    package let method: Method
    /// When DNS and HTTPS both answered with different DIDs: the HTTPS one (DNS wins).
    /// Worth a log line; the DID document's `alsoKnownAs` check still decides whether
    /// the handle is verified.
    package let conflictingDID: DID?

    package init(did: DID, method: Method, conflictingDID: DID? = nil) {
        self.did = did
        self.method = method
        self.conflictingDID = conflictingDID
    }
}
