/// An asynchronous HTTP/1.1 and HTTP/2 client over libcurl.
///
/// One client owns one dedicated thread that drives libcurl's multi interface, so
/// requests never block the cooperative pool, connections (and DNS results) are cached
/// and reused across requests, and any number of requests run concurrently. Create one
/// per process (or per policy) and share it; it is `Sendable`.
///
/// Call `shutdown()` before dropping the last reference: it fails outstanding requests
/// with `.shutDown` and stops the thread. Debug builds trap if a client is dropped
/// without it, because the thread would otherwise be stopped only implicitly.
package final class HTTPClient: Sendable {
    package let configuration: HTTPClientConfiguration
    private let engine: CurlEngine

    package init(configuration: HTTPClientConfiguration = HTTPClientConfiguration()) {
        precondition(configuration.connectTimeout > .zero && configuration.totalTimeout > .zero, "HTTP client timeouts must be positive")
        precondition(configuration.maxResponseBytes > 0, "maxResponseBytes must be positive")
        precondition(configuration.maxRedirects >= 0, "maxRedirects must not be negative")
        self.configuration = configuration
        self.engine = CurlEngine(configuration: configuration)
    }

    /// A client dropped without `shutdown()` (an error path) still stops its thread:
    /// pending requests fail with `.shutDown` instead of hanging.
    deinit {
        _ = engine.requestShutdown()
    }

    /// Sends `request` and returns the complete response. Any status code is a response,
    /// not an error; errors are transport failures, policy refusals and limits.
    ///
    /// Cancelling the calling task aborts the transfer and throws `.cancelled`.
    package func execute(_ request: HTTPClientRequest) async throws(HTTPClientError) -> HTTPClientResponse {
        try request.validate()
        let engine = self.engine
        let ticket = engine.makeTicket()
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                engine.submit(request, ticket: ticket, continuation: continuation)
            }
        } onCancel: {
            engine.cancel(ticket)
        }
        return try result.get()
    }

    /// Fails every outstanding request with `.shutDown`, closes all connections and stops
    /// the client's thread; returns once that is done. Later requests fail with
    /// `.shutDown`. Calling it again does nothing.
    package func shutdown() async {
        await engine.shutdown()
    }
}
