public import MicroHTTPServer
import GrainSupport

/// The common client errors, with wording for people.
public struct HTTPError: HTTPResponseError, Sendable, CustomStringConvertible {
    public let status: HTTPStatus
    public let publicMessage: String
    public let headers: [(String, String)]

    public init(_ status: HTTPStatus, _ publicMessage: String, headers: [(String, String)] = []) {
        self.status = status
        self.publicMessage = publicMessage
        self.headers = headers
    }

    public var description: String { "\(status.code) \(publicMessage)" }

    public static func badRequest(_ message: String) -> HTTPError { HTTPError(.badRequest, message) }
    public static func forbidden(_ message: String) -> HTTPError { HTTPError(.forbidden, message) }
    public static let notFound = HTTPError(.notFound, "There is nothing at this address.")
    public static func methodNotAllowed(allowed: [HTTPMethod]) -> HTTPError {
        HTTPError(.methodNotAllowed, "This address does not accept that kind of request.",
                  headers: [("Allow", allowed.map(\.rawValue).joined(separator: ", "))])
    }
    public static func contentTooLarge(limit: Int) -> HTTPError {
        HTTPError(.contentTooLarge, "That is too large; the limit is \(ByteCountText.describe(limit)).")
    }
}
