import GrainSupport
package import MicroHTTPServer

extension GrainStoriesApp {
    /// The HTTP server for this application: the configured address, limits and
    /// threads, the security headers and the site's own error pages also on the
    /// responses the server makes itself. Call `start()` on it. `now` is the clock body
    /// deadlines and rates are measured with (tests pass one they move by hand).
    package func makeServer(now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }) -> HTTPServer {
        var server = HTTPServerConfiguration(
            host: configuration.host,
            port: configuration.port,
            maxBodyBytes: configuration.maxBodyBytes,
            temporaryDirectory: data.temporary,
            connectionLimit: configuration.maxConnections,
            connectionTimeoutSeconds: configuration.connectionTimeoutSeconds,
            threadCount: configuration.threads,
            defaultHeaders: SecurityHeaders.all
        )
        server.trustedProxies = configuration.trustedProxies
        server.spoolLimitBytes = configuration.maxSpoolBytes
        server.now = now
        server.errorPages = ErrorResponder(pages: pages, logger: logger).serverErrorPages(maxBodyBytes: configuration.maxBodyBytes)
        let logger = self.logger
        return HTTPServer(configuration: server, responder: application) { message in
            logger.warning("http server", ["detail": message])
        }
    }
}
