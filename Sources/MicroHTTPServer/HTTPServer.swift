import Synchronization

/// An HTTP/1.1 server on libmicrohttpd that hands complete requests to an async
/// `HTTPResponder`.
///
/// Connections are served by an epoll thread pool of `configuration.threadCount`
/// threads. A request's body is read (in memory, or spilled to a temporary file) before
/// the responder runs; while it runs the connection is suspended, so no MHD thread
/// waits for it (unless the responder answers on its synchronous fast path,
/// `HTTPResponder.respondImmediately(to:)`). Request targets reach the responder raw:
/// nothing is percent-decoded. Call `shutdown(gracePeriod:)` before releasing the server.
package final class HTTPServer: Sendable {
    package let configuration: HTTPServerConfiguration

    /// Where the server is in its one-way life.
    private enum Phase {
        case idle
        case running(MHDDaemon)
        case stopping(port: Int)
        case stopped(port: Int)
    }

    private let context: ServerContext
    private let phase = Mutex(Phase.idle)

    /// Raises the process's open-file limit to its hard limit and, if the configured
    /// connection limit would still not fit below it, lowers that (and says so in the log).
    ///
    /// - Parameter log: receives libmicrohttpd's error log and the server's own
    ///   diagnostics (dropped headers, unreadable files, forced shutdown), one line each.
    package init(
        configuration: HTTPServerConfiguration,
        responder: any HTTPResponder,
        log: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        var configuration = configuration
        let fileLimit = FileLimit.raiseToHardLimit()
        let fitting = FileLimit.largestConnectionLimit(within: fileLimit)
        if configuration.connectionLimit > fitting {
            log("connection limit lowered from \(configuration.connectionLimit) to \(fitting) to fit the open-file limit of \(fileLimit)")
            configuration.connectionLimit = fitting
        }
        self.configuration = configuration
        self.context = ServerContext(configuration: configuration, responder: responder, log: log)
    }

    /// Binds and starts serving.
    package func start() throws(HTTPServerError) {
        try phase.withLock { phase throws(HTTPServerError) in
            guard case .idle = phase else {
                throw HTTPServerError(.alreadyStarted, "the server was already started")
            }
            phase = .running(try MHDDaemon(context: context))
        }
    }

    /// The bound port (useful after binding port 0); the configured port before `start()`.
    package var port: Int {
        phase.withLock { phase in
            switch phase {
            case .idle: configuration.port
            case .running(let daemon): daemon.port
            case .stopping(let port), .stopped(let port): port
            }
        }
    }

    /// Connections open now (diagnostics, and tests that must know a flood arrived).
    package var openConnectionCount: Int { context.slots.count }
    /// Connections waiting for a request head (idle between requests, or new), for tests.
    package var waitingConnectionCount: Int { context.slots.waitingCount }

    /// Drains: every new request gets 503, in-flight requests finish for up to
    /// `gracePeriod`, then the daemon stops and the port closes.
    ///
    /// Draining does not touch the listening socket (`MHDDaemon` closes it after the
    /// daemon stops; libmicrohttpd's own `MHD_quiesce_daemon` raced with its epoll
    /// workers in 0.9.75 and aborted the process), so connections made meanwhile, like
    /// kept-alive ones, get 503
    /// with `Connection: close`: a clear answer a client or proxy can retry, decided
    /// under the in-flight lock rather than by any timing. Handlers still running when
    /// the grace period ends are abandoned: their clients get 503 (shutdown waits up to
    /// `abandonedFlushPeriod` more for those to go out) and their results are dropped;
    /// cancelling the
    /// calling task ends the wait the same way. Returns at once if the server is not
    /// running (or another call is already shutting it down).
    package func shutdown(gracePeriod: Duration = .seconds(10)) async {
        let daemon: MHDDaemon? = phase.withLock { phase in
            guard case .running(let daemon) = phase else { return nil }
            phase = .stopping(port: daemon.port)
            return daemon
        }
        guard let daemon else { return }
        context.inFlight.beginDraining()
        await waitForInFlightRequests(upTo: gracePeriod)
        if context.inFlight.count > 0 {
            context.log("shutdown: grace period over, abandoning \(context.inFlight.count) request(s)")
            context.abandonInFlightRequests()
            // Give MHD a moment to send those 503s: stopping the daemon at once closes
            // their sockets, often before the answer went out, leaving clients with none.
            await waitForInFlightRequests(upTo: Self.abandonedFlushPeriod)
        }
        await daemon.stop()
        phase.withLock { $0 = .stopped(port: daemon.port) }
    }

    /// How long shutdown waits for the 503s of abandoned requests to be sent.
    static let abandonedFlushPeriod: Duration = .seconds(2)

    /// Polls the in-flight count (every 10 ms; shutdown is a one-off) until it reaches
    /// zero, the grace period ends, or the calling task is cancelled.
    private func waitForInFlightRequests(upTo gracePeriod: Duration) async {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: gracePeriod)
        while context.inFlight.count > 0, clock.now < deadline, !Task.isCancelled {
            try? await Task.sleep(for: .milliseconds(10))
        }
    }

    deinit {
        let forgotten: MHDDaemon? = phase.withLock { phase in
            guard case .running(let daemon) = phase else { return nil }
            phase = .stopped(port: daemon.port)
            return daemon
        }
        if let forgotten {
            // Never leak the daemon's threads and sockets. Say so in the log, but do not
            // crash: this happens on error paths (a failing test, a failed start-up),
            // where taking the whole process down would hide the real failure.
            context.log("HTTPServer released without shutdown(); stopping the daemon now")
            context.inFlight.beginDraining()
            context.abandonInFlightRequests()
            forgotten.stopNow()
        }
    }
}
