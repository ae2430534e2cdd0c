package import MicroHTTPServer
package import Social

/// A list of follows that could not be read: 404 for a name nobody goes by, 502 while a
/// service (identity or the account's PDS) does not answer.
extension FollowListError: HTTPResponseError {
    package var status: HTTPStatus {
        switch self {
        case .unknownAccount: .notFound
        case .identityUnreachable, .pdsUnavailable: .badGateway
        }
    }

    package var publicMessage: String { userMessage }
}
