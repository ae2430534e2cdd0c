/// Whether people sign in with AT Protocol OAuth (`--oauth`): `off` (app passwords
/// only: the default, and all a server without a public https name can offer), `on`
/// (OAuth first, app passwords beside it) or `only` (OAuth alone).
package enum OAuthMode: String, Sendable, CaseIterable {
    case off, on, only

    /// Whether the sign-in page offers OAuth.
    package var offersOAuth: Bool { self != .off }
    /// Whether the sign-in page offers app passwords.
    package var offersAppPasswords: Bool { self != .only }
}
