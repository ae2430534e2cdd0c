/// An HTTP/1.1 server on libmicrohttpd. PLACEHOLDER: the real implementation replaces this file.
public final class HTTPServer: Sendable {
    public let configuration: HTTPServerConfiguration

    public init(configuration: HTTPServerConfiguration, responder: any HTTPResponder, log: @escaping @Sendable (String) -> Void = { _ in }) {
        self.configuration = configuration
    }

    /// Binds and starts serving.
    public func start() throws(HTTPServerError) {
        throw HTTPServerError(.startFailed, "not implemented yet")
    }

    /// The bound port (useful after binding port 0).
    public var port: Int { configuration.port }

    /// Stops accepting, waits up to `gracePeriod` for in-flight requests, then stops.
    public func shutdown(gracePeriod: Duration = .seconds(10)) async {}
}
