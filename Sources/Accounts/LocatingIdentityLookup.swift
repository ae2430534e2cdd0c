package import ATProto
import OAuthClient

/// The identity lookup OAuth's first step needs (what was typed → DID and PDS), over
/// the same `IdentityResolving` app-password sign-in uses, so both ways of signing in
/// resolve accounts alike (the configured PLC directory, handle resolver, trusted PDSes
/// and the tests' stand-ins).
package struct LocatingIdentityLookup: OAuthIdentityLookup {
    let identity: any IdentityResolving

    package init(_ identity: any IdentityResolving) { self.identity = identity }

    package func lookUp(_ identifier: String) async throws(IdentityError) -> ResolvedIdentity {
        let located = try await identity.locate(identifier: identifier, pdsOverride: nil)
        guard let did = located.did else { throw .handleNotFound(identifier) }
        let handle = identifier.hasPrefix("did:") ? nil : Handle(identifier)
        return ResolvedIdentity(did: did, handle: handle, handleVerified: false, pdsURL: located.pdsURL, handleResolution: nil)
    }
}
