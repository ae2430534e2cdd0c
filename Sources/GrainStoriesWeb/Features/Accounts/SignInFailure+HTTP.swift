import ATProto
package import Accounts
package import MicroHTTPServer
import OAuthClient
package import Presentation

/// A failed sign-in answers the form with a status that says whose fault it was: 400
/// for what was typed, 401 for a wrong password, 409 for a full browser, 429 for too
/// many tries, 502 for a PDS or authorization server that failed or answered for
/// someone else, 200 for an OAuth sign-in the person cancelled (the page again), and the identity
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
        case .tooManyStarts, .tooManyStartsEverywhere, .tooManyUnknownAccounts: .tooManyRequests
        case .foreignOrExpiredCallback: .badRequest
        case .oauth(let error):
            switch error {
            case .identity(let identity): identity.status
            case .unknownState, .callbackIssuerMismatch: .badRequest
            // Cancelling is the person's choice, not a failure: the sign-in page again.
            case .authorizationDenied: .ok
            case .sessionEnded: .unauthorized
            case .internalFailure: .internalServerError
            case .unreachable, .invalidMetadata, .issuerMismatch, .refused, .subjectMismatch, .subjectNotProtectedByIssuer,
                .invalidTokenResponse:
                .badGateway
            }
        }
    }

    package var publicMessage: String { userMessage }

    /// Whether the message is about the PDS address, or is one that typing the PDS
    /// address answers (an identity that cannot be resolved from here, on a PDS the
    /// operator trusts), so the sign-in page shows that field unfolded.
    package var concernsPDSAddress: Bool {
        switch self {
        case .insecurePDS, .differentAccount: return true
        case .identity(let error):
            switch error {
            case .invalidPDS, .insecurePDS, .pdsMismatch, .didNotFound, .invalidDIDDocument, .noPDS: return true
            case .invalidHandle, .unsupportedDID, .handleNotFound, .unreachable, .handleMismatch: return false
            }
        case .missingFields, .tooManyAccounts, .tooManyAttempts, .wrongPassword, .secondFactorRequired, .unreachable, .unreadableAnswer,
            .oauth, .tooManyStarts, .tooManyStartsEverywhere, .tooManyUnknownAccounts, .foreignOrExpiredCallback:
            return false
        }
    }

    /// The field of the sign-in form that needs fixing, which takes the focus: the handle
    /// when it is not one or names no account, the PDS address when the message is about
    /// it, else the password (which is never put back, so a retry starts there).
    package func fieldToFix(identifierTyped: Bool) -> SignInPageModel.Field {
        switch self {
        case .missingFields: identifierTyped ? .password : .identifier
        case .identity(let error), .oauth(.identity(let error)):
            switch error {
            case .invalidHandle, .unsupportedDID, .handleNotFound, .handleMismatch: .identifier
            case .unreachable: .password
            case .invalidPDS, .insecurePDS, .pdsMismatch, .didNotFound, .invalidDIDDocument, .noPDS: concernsPDSAddress ? .pds : .identifier
            }
        case _ where concernsPDSAddress: .pds
        default: .password
        }
    }
}
