package import OAuthClient

/// How a session was signed in, which decides how its PDS calls are authorized: an app
/// password's bearer tokens (kept in the session's row), or an OAuth grant (DPoP-bound
/// tokens and the session's own key, kept in `oauth-sessions/` under the session's id
/// hash) with the scope the account granted at sign-in.
package enum SessionKind: Sendable, Equatable {
    case appPassword
    case oauth(granted: OAuthScope)

    /// The granted scope of an OAuth session; nil for an app password (which may do
    /// everything an account can).
    package var grantedScope: OAuthScope? {
        if case .oauth(let scope) = self { return scope }
        return nil
    }
}
