package import Accounts
package import MicroHTTPServer

/// A failed sign-in answers the form with a status that says whose fault it was: 400
/// for what was typed, 401 for a wrong password, 409 for a full browser, 429 for too
/// many tries, 502 for a PDS that failed or answered for someone else, and the identity
/// lookup's own status (`IdentityError+HTTP`) when the account could not be located.
extension SignInFailure: HTTPResponseError {
    package var status: HTTPStatus {
        switch self {
        case .missingFields, .insecurePDS: .badRequest
        case .wrongPassword, .secondFactorRequired: .unauthorized
        case .tooManyAccounts: .conflict
        case .tooManyAttempts: .tooManyRequests
        case .unreachable, .unreadableAnswer, .differentAccount: .badGateway
        case .identity(let error): error.status
        }
    }

    package var publicMessage: String { userMessage }
}
