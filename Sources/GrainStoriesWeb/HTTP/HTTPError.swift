import GrainSupport
package import MicroHTTPServer

/// The common client errors, with wording for people.
package struct HTTPError: HTTPResponseError, Sendable, CustomStringConvertible {
    package let status: HTTPStatus
    package let publicMessage: String
    package let headers: [(String, String)]

    package init(_ status: HTTPStatus, _ publicMessage: String, headers: [(String, String)] = []) {
        self.status = status
        self.publicMessage = publicMessage
        self.headers = headers
    }

    package var description: String { "\(status.code) \(publicMessage)" }

    package static func badRequest(_ message: String) -> HTTPError { HTTPError(.badRequest, message) }
    package static func forbidden(_ message: String) -> HTTPError { HTTPError(.forbidden, message) }
    package static let notFound = HTTPError(.notFound, "There is nothing at this address.")
    package static func methodNotAllowed(allowed: [HTTPMethod]) -> HTTPError {
        HTTPError(
            .methodNotAllowed, "This address does not accept that kind of request.",
            headers: [("Allow", allowed.map(\.rawValue).joined(separator: ", "))])
    }
    package static func contentTooLarge(limit: Int) -> HTTPError {
        HTTPError(.contentTooLarge, "That is too large; the limit is \(ByteCountText.describeLimit(limit)).")
    }
}
