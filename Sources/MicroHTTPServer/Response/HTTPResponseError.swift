/// An error that means a specific HTTP status and carries a message safe to show the
/// person who made the request. The one error boundary (`ErrorResponder`) turns these
/// into error pages; every other error becomes a 500 that reveals nothing.
package protocol HTTPResponseError: Error {
    var status: HTTPStatus { get }
    /// Plain text for the error page; never internals, never secrets.
    var publicMessage: String { get }
    /// Extra headers the response needs (for example `Allow` on a 405).
    var headers: [(String, String)] { get }
}

extension HTTPResponseError {
    package var headers: [(String, String)] { [] }
}
