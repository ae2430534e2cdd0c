/// Identity resolution that only uses the PDS address the person typed. Used until
/// handle and DID discovery is wired in, and in tests with a local PDS.
public struct PDSAddressIdentity: IdentityResolving {
    let http: OutboundHTTP

    public init(http: OutboundHTTP) { self.http = http }

    public func locate(identifier: String, pdsOverride: String?) async throws(SignInProblem) -> LocatedAccount {
        guard let pdsOverride, !pdsOverride.isEmpty else { throw SignInProblem.unknownAccount(identifier) }
        let trimmed = pdsOverride.hasSuffix("/") ? String(pdsOverride.dropLast()) : pdsOverride
        guard http.permits(trimmed) else { throw SignInProblem.insecurePDS }
        return LocatedAccount(did: identifier.hasPrefix("did:") ? identifier : nil, pdsURL: trimmed)
    }
}
