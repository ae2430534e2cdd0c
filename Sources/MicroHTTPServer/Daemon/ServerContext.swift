/// What libmicrohttpd's callbacks reach through their `void *` context: the responder,
/// the configuration, the server-made responses and the in-flight registry.
///
/// Passed to MHD with `passRetained` when the daemon starts and released after
/// `MHD_stop_daemon` returns, so it outlives every callback. Handler Tasks hold it
/// strongly too, so a handler finishing after a forced shutdown still finds it.
final class ServerContext: Sendable {
    let responder: any HTTPResponder
    let configuration: HTTPServerConfiguration
    let log: @Sendable (String) -> Void
    let responses: ServerResponses
    let inFlight = InFlightRequests()
    let spool: SpoolBudget
    let connections: ConnectionCounts
    let slots: ConnectionSlots
    let handedOver = HandedOverConnections()

    init(configuration: HTTPServerConfiguration, responder: any HTTPResponder, log: @escaping @Sendable (String) -> Void) {
        self.configuration = configuration
        self.responder = responder
        self.log = log
        self.responses = ServerResponses(defaultHeaders: configuration.defaultHeaders, errorPages: configuration.errorPages)
        self.spool = SpoolBudget(limit: configuration.spoolLimitBytes, largestBody: configuration.maxBodyBytes, reserve: configuration.spoolReserve)
        self.slots = ConnectionSlots(
            limits: configuration.slotLimits,
            headTimeLimit: .seconds(configuration.requestHeadTimeLimitSeconds),
            lingerTimeLimit: configuration.lingerTimeLimit,
            trustedProxies: configuration.trustedProxies
        )
        self.connections = ConnectionCounts(limit: configuration.perClientConnectionLimit, trustedProxies: configuration.trustedProxies)
    }

    /// Stores the handler's response and resumes the connection, unless shutdown already
    /// answered the request; called from the handler's Task (or by shutdown). The request
    /// stays in flight until MHD reports it completed, so shutdown also waits for the
    /// response to be sent.
    func complete(_ request: RequestState, with response: HTTPResponse) {
        request.complete(with: response)?.resume()
    }

    /// Answers every request whose handler is still running with 503 and resumes its
    /// connection, so the daemon can be stopped (it must not hold suspended connections).
    func abandonInFlightRequests() {
        for request in inFlight.snapshot() {
            complete(request, with: responses.serviceUnavailable)
        }
    }
}
