package import ATProto

/// Why an OAuth step failed. Each case carries only public facts (server addresses,
/// DIDs, the server's error code), never a token, a code, a verifier or a key, so
/// printing one in a log is safe. `userMessage` is for the person signing in.
package enum OAuthError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The handle or DID could not be resolved, or its identity does not check out.
    case identity(IdentityError)
    /// A server could not be reached or answered with something unreadable.
    case unreachable(service: String, detail: String)
    /// A server's metadata breaks a rule of the specification (`detail` says which).
    case invalidMetadata(server: String, detail: String)
    /// The authorization server's metadata names another `issuer` than its own origin.
    case issuerMismatch(expected: String, found: String)
    /// The authorization server refused a request (`error` is its error code).
    case refused(server: String, status: Int, error: String?)
    /// The callback's `state` is unknown or expired (a forged or replayed callback).
    case unknownState
    /// The callback's `iss` is not the authorization server the flow started with.
    case callbackIssuerMismatch(expected: String, found: String?)
    /// The person (or the server) ended the authorization: `error` from the callback.
    case authorizationDenied(error: String)
    /// The token response names another account than the one that started signing in.
    case subjectMismatch(expected: String, found: String)
    /// The account in the token response is not hosted behind this authorization server.
    case subjectNotProtectedByIssuer(did: String, issuer: String)
    /// The token response is malformed (no DPoP token type, no `sub`, no `atproto`).
    case invalidTokenResponse(String)
    /// The session can no longer be renewed: it was revoked or its refresh token spent.
    case sessionEnded
    /// A local failure (encoding, signing) that is this server's fault.
    case internalFailure(String)

    package var description: String {
        switch self {
        case .identity(let error): "identity: \(error)"
        case .unreachable(let service, let detail): "\(service) unreachable: \(detail)"
        case .invalidMetadata(let server, let detail): "metadata of \(server): \(detail)"
        case .issuerMismatch(let expected, let found): "issuer mismatch: expected \(expected), found \(found)"
        case .refused(let server, let status, let error): "\(server) refused (\(status)): \(error ?? "no error code")"
        case .unknownState: "callback with an unknown state"
        case .callbackIssuerMismatch(let expected, let found): "callback iss \(found ?? "missing"), expected \(expected)"
        case .authorizationDenied(let error): "authorization ended: \(error)"
        case .subjectMismatch(let expected, let found): "token for \(found), expected \(expected)"
        case .subjectNotProtectedByIssuer(let did, let issuer): "\(did) is not protected by \(issuer)"
        case .invalidTokenResponse(let detail): "invalid token response: \(detail)"
        case .sessionEnded: "the session can no longer be renewed"
        case .internalFailure(let detail): "internal failure: \(detail)"
        }
    }

    /// What to tell the person signing in.
    package var userMessage: String {
        switch self {
        case .identity(let error): error.userMessage
        case .unreachable(let service, _): "\(service) could not be reached just now. Try again in a moment."
        case .invalidMetadata(let server, _), .issuerMismatch(let server, _):
            "The sign-in server \(server) does not follow the AT Protocol OAuth rules, so this server will not use it."
        case .refused(let server, _, _): "The sign-in server \(server) refused this server's request. Try again, or sign in with an app password."
        case .unknownState: "That sign-in link has expired or was already used. Start signing in again."
        case .callbackIssuerMismatch: "The answer did not come from the sign-in server you started with, so it was ignored. Start signing in again."
        case .authorizationDenied: "Signing in was cancelled."
        case .subjectMismatch(let expected, _):
            "The sign-in server signed in a different account than \(expected). Start again and sign in with that account."
        case .subjectNotProtectedByIssuer(let did, _):
            "The account \(did) is not hosted behind that sign-in server, so this server cannot be sure it is yours."
        case .invalidTokenResponse, .internalFailure: "Signing in failed. Try again in a moment."
        case .sessionEnded: "This session has ended. Sign in again."
        }
    }
}
