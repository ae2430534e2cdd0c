/// What the server calls for every complete request.
///
/// The server suspends the connection, awaits `respond(to:)` on the cooperative pool
/// and resumes the connection with the result, so handlers may `await` freely but must
/// never block a thread.
package protocol HTTPResponder: Sendable {
    func respond(to request: HTTPRequest) async -> HTTPResponse

    /// An optional synchronous fast path, tried before the connection is suspended.
    ///
    /// Return a response only when it is ready at once, without awaiting or blocking
    /// (a cached page, a redirect, a 404 for an unknown route); return nil to take the
    /// normal path through `respond(to:)`. It runs on one of libmicrohttpd's few event
    /// threads, so any blocking here stalls every connection on that thread. Skipping the
    /// suspend/resume round trip and the hop to the cooperative pool roughly doubles the
    /// throughput of trivial responses. The default returns nil.
    func respondImmediately(to request: HTTPRequest) -> HTTPResponse?

    /// Decides, from the head alone, whether a request's body is wanted; called on an
    /// MHD thread before any body byte is stored, only for requests that declare a body
    /// (`head.body` is empty). Must answer at once, without blocking. The default accepts
    /// any body within the server's limits.
    func admitBody(of head: HTTPRequest) -> BodyAdmission
}

extension HTTPResponder {
    package func respondImmediately(to request: HTTPRequest) -> HTTPResponse? { nil }

    package func admitBody(of head: HTTPRequest) -> BodyAdmission { .accept(maxBytes: .max, timeLimit: .seconds(300)) }
}
