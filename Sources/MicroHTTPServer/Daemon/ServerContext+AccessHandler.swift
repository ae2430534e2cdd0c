import CMicroHTTPD
import Glibc

/// The driver of `RequestLifecycle`: turns each MHD access-handler call into an event and
/// performs the action the lifecycle returns. Runs on the connection's MHD thread.
extension ServerContext {
    func handleAccess(
        connection: OpaquePointer,
        url: UnsafePointer<CChar>?,
        method: UnsafePointer<CChar>?,
        version: UnsafePointer<CChar>?,
        upload: UnsafePointer<CChar>?,
        uploadSize: UnsafeMutablePointer<Int>,
        slot: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    ) -> MHD_Result {
        let request = requestState(in: slot, url: url)
        if request.lifecycleState == .new {
            let peer = CountedPeer.of(connection)
            if let peer { slots.headArrived(peer) }
            var headers = Self.requestHeaders(of: connection)
            // The connection's address as text was made once, when it was accepted.
            let remoteAddress = peer?.address ?? cmhd_connection_client_address(connection).map(SocketAddress.text(of:)) ?? ""
            if !connections.isTrustedProxy(remoteAddress) { headers.removeForwardedFields() }
            let clientAddress = configuration.trustedProxies.client(peer: remoteAddress, forwardedFor: headers.values(for: "X-Forwarded-For"))
            if connections.isTrustedProxy(remoteAddress), clientAddress != remoteAddress {
                guard connections.requestStarted(forwardedFor: clientAddress) else {
                    return queue(responses.tooManyRequests, on: connection)
                }
                request.countForwardedClient(clientAddress)
            }
            let action = request.headersReceived(
                method: method.map { String(cString: $0) } ?? "",
                version: version.map { String(cString: $0) } ?? "",
                headers: headers,
                isDraining: inFlight.isDraining,
                remoteAddress: remoteAddress, clientAddress: clientAddress,
                admit: responder.admitBody(of:), spool: spool
            )
            return perform(action, for: request, on: connection)
        }
        if uploadSize.pointee > 0 {
            let (action, failure) = request.bodyReceived(UnsafeRawBufferPointer(start: upload, count: uploadSize.pointee), spool: spool)
            if let failure { log("request body could not be stored, answering 500: \(failure)") }
            switch action {
            case .storeBody, .discardBody:
                uploadSize.pointee = 0
                return .YES
            case .refuseAndDrain(let status):
                uploadSize.pointee = 0
                return refuseAndDrain(status, on: connection)
            case .closeConnection:
                return .NO
            case .rejectSlowBody:
                log("request body still arriving after its time limit, below the minimum rate or stalled; answering 408 and closing")
                rejectBody(with: responses.rawRequestTimeout, on: connection)
                return .NO
            case .rejectNoSpoolRoom:
                log("no spool space left for this client's body; answering 503 and closing")
                rejectBody(with: responses.rawServiceUnavailable, on: connection)
                return .NO
            default:
                return .NO
            }
        }
        return perform(request.noDataReceived(), for: request, on: connection)
    }

    private func perform(_ action: RequestLifecycle.Action, for request: RequestState, on connection: OpaquePointer) -> MHD_Result {
        switch action {
        case .respondNow(let status):
            return queue(responses.response(for: status), on: connection)
        case .readBody, .ignore:
            return .YES
        case .refuseAndDrain(let status):
            return refuseAndDrain(status, on: connection)
        case .startHandler:
            return startHandler(for: request, on: connection)
        case .queueResponse:
            guard let response = request.takeResponse() else { return .NO }
            return queue(response, on: connection)
        case .storeBody, .discardBody, .rejectSlowBody, .rejectNoSpoolRoom, .closeConnection, .abort:
            return .NO
        }
    }

    /// Queues the responder's immediate answer if it has one; otherwise suspends the
    /// connection and runs the responder on the cooperative pool, whose Task stores the
    /// response and resumes the connection, and MHD calls us again to queue it.
    private func startHandler(for request: RequestState, on connection: OpaquePointer) -> MHD_Result {
        let value = request.makeRequest(connection: SuspendedConnection(connection))
        if let immediate = responder.respondImmediately(to: value) {
            request.handlerSkipped()
            return queue(immediate, on: connection)
        }
        guard request.beginInFlight(inFlight) else {
            request.handlerSkipped()
            return queue(responses.serviceUnavailable, on: connection)
        }
        MHD_suspend_connection(connection)
        let responder = self.responder
        Task {
            let response = await responder.respond(to: value)
            self.complete(request, with: response)
        }
        return .YES
    }

    /// Queues `response` (as prepared, when it was), or a 500 if it cannot be built
    /// (unopenable file, bad status).
    private func queue(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
        if let prepared = response.prepared {
            return MHD_queue_response(connection, UInt32(response.status.code), prepared.handle)
        }
        var status = response.status
        let made: OpaquePointer
        do {
            made = try MHDResponseFactory.make(response, log: log)
        } catch {
            log("answering 500: \(error)")
            status = .internalServerError
            guard let fallback = try? MHDResponseFactory.make(responses.internalServerError, log: log) else { return .NO }
            made = fallback
        }
        defer { MHD_destroy_response(made) }
        return MHD_queue_response(connection, UInt32(status.code), made)
    }

    /// Answers 413 (or 503: no spool room) on the socket and keeps the connection open to
    /// drain what the client still sends (the lifecycle is `lingering`); the slots close it
    /// after their linger time.
    private func refuseAndDrain(_ status: HTTPStatus, on connection: OpaquePointer) -> MHD_Result {
        rejectBody(with: status == .serviceUnavailable ? responses.rawServiceUnavailable : responses.rawContentTooLarge, on: connection)
        if let peer = CountedPeer.of(connection) { slots.lingering(peer) }
        return .YES
    }

    /// While MHD reads a body it cannot queue a response, so a body that passes its limit
    /// (413) or its time limit (408) is answered by writing a complete response to the
    /// socket (nothing else is being written then), followed by a FIN. For 408 and 503 the
    /// caller then returns MHD_NO and MHD closes the connection without reading further;
    /// a 413, or a 503 decided from the head, lingers first (`refuseAndDrain`).
    private func rejectBody(with raw: [UInt8], on connection: OpaquePointer) {
        let descriptor = cmhd_connection_fd(connection)
        guard descriptor >= 0 else { return }
        raw.withUnsafeBytes { bytes in
            _ = send(descriptor, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
        }
        _ = Glibc.shutdown(descriptor, Int32(SHUT_WR))
    }

    /// The request's state from `*con_cls`; created here if the URI-log callback did not.
    private func requestState(in slot: UnsafeMutablePointer<UnsafeMutableRawPointer?>, url: UnsafePointer<CChar>?) -> RequestState {
        if let existing = slot.pointee {
            return Unmanaged<RequestState>.fromOpaque(existing).takeUnretainedValue()
        }
        let created = RequestState(target: url.map { String(cString: $0) } ?? "", configuration: configuration)
        slot.pointee = Unmanaged.passRetained(created).toOpaque()
        return created
    }

    /// The request's header fields in arrival order.
    private static func requestHeaders(of connection: OpaquePointer) -> HTTPHeaders {
        var fields: [(name: String, value: String)] = []
        withUnsafeMutablePointer(to: &fields) { pointer in
            _ = MHD_get_connection_values_n(connection, .HEADER_KIND, collectHeaderField, pointer)
        }
        return HTTPHeaders(fields: fields)
    }
}

/// MHD's header iterator: appends one field to the array behind `context`.
private let collectHeaderField: MHD_KeyValueIteratorN = { context, _, name, nameSize, value, valueSize in
    guard let context, let name else { return .YES }
    let fields = context.assumingMemoryBound(to: [(name: String, value: String)].self)
    let nameText = String(decoding: UnsafeRawBufferPointer(start: name, count: nameSize), as: UTF8.self)
    let valueText = value.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: valueSize), as: UTF8.self) } ?? ""
    fields.pointee.append((name: nameText, value: valueText))
    return .YES
}
