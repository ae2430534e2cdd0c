package import ATProto

/// The identity resolution the flow needs: a handle or DID to its DID, handle and PDS,
/// with the DID document checked (the handle claimed back, the PDS named). A port so
/// the flow's tests can give any answer, lies included.
package protocol OAuthIdentityLookup: Sendable {
    func lookUp(_ identifier: String) async throws(IdentityError) -> ResolvedIdentity
}

extension IdentityResolver: OAuthIdentityLookup {
    package func lookUp(_ identifier: String) async throws(IdentityError) -> ResolvedIdentity {
        try await resolve(identifier: identifier)
    }
}
