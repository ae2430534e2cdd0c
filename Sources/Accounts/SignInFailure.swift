package import ATProto
package import OAuthClient

/// Why signing in did not work, as a fact of the accounts domain: the web layer maps
/// each case to an HTTP status (`SignInFailure+HTTP`), other callers only read
/// `userMessage`, the plain words for the person at the form.
package enum SignInFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// No handle or no app password was given (or one too long to be real).
    case missingFields
    /// This browser holds `SessionCookie.maxAccounts` accounts already.
    case tooManyAccounts
    /// Too many wrong passwords for this account from this client address.
    case tooManyAttempts
    /// The PDS refused the handle and password.
    case wrongPassword
    /// The account asks for a second factor, which app passwords never need.
    case secondFactorRequired
    /// The PDS address is not https (or otherwise refused before sending).
    case insecurePDS
    /// The PDS did not answer, or failed (5xx); `host` names it for people.
    case unreachable(host: String)
    /// The PDS answered with something this server does not understand.
    case unreadableAnswer(host: String)
    /// The PDS issued a session for another account than the one that was resolved.
    case differentAccount
    /// Where the account lives, or whether the PDS may speak for it, could not be
    /// established (`IdentityError` keeps which).
    case identity(IdentityError)
    /// Signing in through the account's authorization server (OAuth) failed: `OAuthError`
    /// says at which step, and whose fault it was.
    case oauth(OAuthError)
    /// Too many OAuth sign-ins were started from this client network just now.
    case tooManyStarts
    /// Too many OAuth sign-ins were started on this server just now, from everywhere
    /// together (the table of sign-ins in progress is kept from filling up).
    case tooManyStartsEverywhere
    /// Too many accounts the identity directory does not know were tried from this
    /// client network just now (each costs a call to the directory).
    case tooManyUnknownAccounts
    /// The OAuth answer came back to a browser that did not start that sign-in (a link
    /// someone else made), or after the sign-in was forgotten (too old, or the server
    /// restarted in between).
    case foreignOrExpiredCallback

    static let appPasswordHint = "Use an app password (in Bluesky: Settings → Privacy and security → App passwords), not your main password."

    package var userMessage: String {
        switch self {
        case .missingFields: "Please enter your handle and an app password. \(Self.appPasswordHint)"
        case .tooManyAccounts:
            "\(SessionCookie.maxAccounts) accounts are signed in on this browser already. Sign one of them out first (in the menu at the top)."
        case .tooManyAttempts: "Too many wrong passwords for this account from here. Please wait a few minutes and try again."
        case .wrongPassword: "That handle and app password do not match. \(Self.appPasswordHint)"
        case .secondFactorRequired: "This account asks for a second sign-in factor. \(Self.appPasswordHint)"
        case .insecurePDS: "That PDS address must start with https://."
        case .unreachable(let host): "Your PDS (\(host)) could not be reached just now. Please try again in a minute."
        case .unreadableAnswer(let host): "Your PDS (\(host)) gave an answer GrainStories does not understand."
        case .differentAccount: "Your PDS answered for a different account. Check the PDS address."
        case .identity(let error): error.userMessage
        case .oauth(let error): error.userMessage
        case .tooManyStarts: "Too many sign-ins were started from here just now. Please wait a few minutes and try again."
        case .tooManyStartsEverywhere:
            "This server has started too many sign-ins just now. Please wait a few minutes and try again."
        case .tooManyUnknownAccounts:
            "Too many accounts that could not be found were tried from here just now. Please wait a few minutes and try again."
        case .foreignOrExpiredCallback:
            "That sign-in was not started in this browser, or it took too long. Start signing in again here."
        }
    }

    package var description: String {
        if case .identity(let error) = self { return "identity: \(error)" }
        if case .oauth(let error) = self { return "oauth: \(error)" }
        return userMessage
    }

    /// The failure a PDS's answer to `createSession` means.
    package static func forCreateSession(_ error: XRPCError, host: String) -> SignInFailure {
        switch error {
        case .transport(.refusedURL): return .insecurePDS
        case .transport: return .unreachable(host: host)
        case .remote(_, "AuthFactorTokenRequired", _, _): return .secondFactorRequired
        case .remote(let status, let name, _, _) where status == 401 || name == "AuthenticationRequired":
            return .wrongPassword
        case .remote(400, "InvalidRequest", _, _), .remote(400, nil, _, _):
            return .wrongPassword
        case .remote(let status, _, _, _) where status >= 500:
            return .unreachable(host: host)
        case .remote, .undecodable, .unencodable:
            return .unreadableAnswer(host: host)
        }
    }
}
