package import ATProto

/// Sign-in finds accounts through the identity resolver, keeping its domain error.
extension IdentityResolver: IdentityResolving {
    package func locate(identifier: String, pdsOverride: String?) async throws(IdentityError) -> LocatedAccount {
        let identity = try await resolve(identifier: identifier, pdsOverride: pdsOverride)
        return LocatedAccount(did: identity.did, pdsURL: identity.pdsURL, vouchedForByOperator: identity.vouchedForByOperator)
    }

    package func claimedHandle(of did: DID) async -> Handle? {
        guard let document = try? await dids.document(for: did) else { return nil }
        return document.alsoKnownAs.lazy.filter { $0.lowercased().hasPrefix("at://") }.compactMap { Handle(String($0.dropFirst(5))) }.first
    }
}
