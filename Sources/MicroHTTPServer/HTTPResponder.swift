/// What the server calls for every complete request.
///
/// The server suspends the connection, awaits `respond(to:)` on the cooperative pool
/// and resumes the connection with the result, so handlers may `await` freely but must
/// never block a thread.
public protocol HTTPResponder: Sendable {
    func respond(to request: HTTPRequest) async -> HTTPResponse
}
