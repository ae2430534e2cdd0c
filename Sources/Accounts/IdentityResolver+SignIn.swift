package import ATProto

/// Sign-in finds accounts through the identity resolver, keeping its domain error.
extension IdentityResolver: IdentityResolving {
    package func locate(identifier: String, pdsOverride: String?) async throws(IdentityError) -> LocatedAccount {
        let identity = try await resolve(identifier: identifier, pdsOverride: pdsOverride)
        return LocatedAccount(did: identity.did, pdsURL: identity.pdsURL)
    }
}
