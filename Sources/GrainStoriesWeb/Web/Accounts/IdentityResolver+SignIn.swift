import MicroHTTPServer
public import ATProto

/// Sign-in finds accounts through the identity resolver; its errors become sign-in
/// problems with the same plain words.
extension IdentityResolver: IdentityResolving {
    public func locate(identifier: String, pdsOverride: String?) async throws(SignInProblem) -> LocatedAccount {
        do {
            let identity = try await resolve(identifier: identifier, pdsOverride: pdsOverride)
            return LocatedAccount(did: identity.did, pdsURL: identity.pdsURL)
        } catch {
            throw SignInProblem(error.status, error.userMessage)
        }
    }
}
