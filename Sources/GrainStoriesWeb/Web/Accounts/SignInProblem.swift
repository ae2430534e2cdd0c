public import MicroHTTPServer
import Posting

/// Why signing in did not work, in words for the person at the form.
public struct SignInProblem: Error, Sendable, Equatable, HTTPResponseError, CustomStringConvertible {
    public let status: HTTPStatus
    public let publicMessage: String

    public init(_ status: HTTPStatus, _ message: String) {
        self.status = status
        publicMessage = message
    }

    public var description: String { "\(status.code) \(publicMessage)" }

    static let appPasswordHint = "Use an app password (in Bluesky: Settings → Privacy and security → App passwords), not your main password."

    public static let wrongPassword = SignInProblem(.unauthorized, "That handle and app password do not match. \(appPasswordHint)")
    public static func unreachable(_ host: String) -> SignInProblem {
        SignInProblem(.badGateway, "Your PDS (\(host)) could not be reached just now. Please try again in a minute.")
    }
    public static let insecurePDS = SignInProblem(.badRequest, "That PDS address must start with https://.")
    public static let tooManyAttempts = SignInProblem(.tooManyRequests, "Too many wrong passwords for this account from here. Please wait a few minutes and try again.")
    public static let tooManyAccounts = SignInProblem(
        .conflict, "\(SessionCookie.maxAccounts) accounts are signed in on this browser already. Sign one of them out first (in the menu at the top).")
    public static let missingFields = SignInProblem(.badRequest, "Please enter your handle and an app password. \(appPasswordHint)")
}
