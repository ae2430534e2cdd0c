package import ATProto
package import MicroHTTPServer

/// A failed sign-in lookup answers the form with a status that says whose fault it was:
/// 400 for what was typed, 404 for accounts that do not exist, 403 for a PDS that does
/// not host the account, 422 for accounts whose identity is broken, 502 for services that did not answer.
extension IdentityError: HTTPResponseError {
    package var status: HTTPStatus {
        switch self {
        case .invalidHandle, .unsupportedDID, .invalidPDS, .insecurePDS: .badRequest
        case .handleNotFound, .didNotFound: .notFound
        case .invalidDIDDocument, .noPDS, .handleMismatch: .unprocessableContent
        case .pdsMismatch: .forbidden
        case .unreachable: .badGateway
        }
    }

    package var publicMessage: String { userMessage }
}
