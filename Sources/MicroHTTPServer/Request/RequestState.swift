import Synchronization

/// Everything the server keeps about one request between MHD's access-handler calls.
///
/// Created by the URI-log callback (so it holds the raw request target), handed to MHD
/// with `passRetained` as the request's `*con_cls`, and released in the
/// request-completed callback. The access handler runs on the connection's MHD thread;
/// the responder's Task completes it from another thread, so the mutable part sits
/// behind one lock (uncontended but for that hand-over).
final class RequestState: Sendable {
    /// The request target exactly as the client sent it ("/a%2fb?x=1").
    let target: String

    private struct Inner {
        var lifecycle: RequestLifecycle
        var spooler: BodySpooler
        var method = ""
        var version = ""
        var headers = HTTPHeaders()
        var response: HTTPResponse?
        var connection: SuspendedConnection?
        /// Bytes taken from the spool budget for this body, returned in `cleanUp()`.
        var spoolReservation = 0
        /// The forwarded client this request was counted for, uncounted in `cleanUp()`.
        var countedClient: String?
        var remoteAddress = ""
        var clientAddress = ""
    }

    private let inner: Mutex<Inner>

    init(target: String, configuration: HTTPServerConfiguration) {
        self.target = target
        inner = Mutex(Inner(
            lifecycle: RequestLifecycle(maxBodyBytes: configuration.maxBodyBytes),
            spooler: BodySpooler(
                memoryLimit: configuration.memoryBodyLimit,
                directory: configuration.temporaryDirectory
            )
        ))
    }

    /// The state machine's current state (for the driver's dispatch and for tests).
    var lifecycleState: RequestLifecycle.State {
        inner.withLock { $0.lifecycle.state }
    }

    /// First call: records the request head and decides what happens next. A declared
    /// body is first put to the responder (`admit`) and then to the spool budget; a
    /// refusal's response is kept for the driver to queue.
    func headersReceived(
        method: String, version: String, headers: HTTPHeaders, isDraining: Bool,
        remoteAddress: String, clientAddress: String,
        admit: (HTTPRequest) -> BodyAdmission, spool: SpoolBudget, memoryLimit: Int
    ) -> RequestLifecycle.Action {
        let framing = headers.bodyFraming
        let (path, query) = Self.split(target: target)
        return inner.withLock { inner in
            inner.method = method
            inner.version = version
            inner.headers = headers
            inner.remoteAddress = remoteAddress
            inner.clientAddress = clientAddress
            var lifecycle = inner.lifecycle
            let serverLimit = lifecycle.maxBodyBytes
            var refusal: HTTPResponse?
            var reservation = 0
            let action = lifecycle.headersReceived(framing: framing, isDraining: isDraining) { framing in
                let head = HTTPRequest(
                    method: HTTPMethod(method), path: path, query: query, version: version, headers: headers,
                    remoteAddress: remoteAddress, clientAddress: clientAddress
                )
                switch admit(head) {
                case .refuse(let response):
                    refusal = response
                    return .refused
                case .accept(let maxBytes, let timeLimit):
                    let limit = min(maxBytes, serverLimit)
                    let expected: Int
                    switch framing {
                    case .length(let length): expected = length
                    default: expected = limit
                    }
                    if expected > memoryLimit, expected <= limit {
                        guard spool.reserve(expected) else { return .noSpoolRoom }
                        reservation = expected
                    }
                    return .accepted(maxBytes: limit, deadline: ContinuousClock.now.advanced(by: timeLimit))
                }
            }
            inner.lifecycle = lifecycle
            inner.response = refusal
            inner.spoolReservation = reservation
            return action
        }
    }

    /// A body call: keeps the chunk when the lifecycle says so. A storage failure is
    /// returned so the driver can log it; the lifecycle then answers 500 at the end.
    func bodyReceived(_ chunk: UnsafeRawBufferPointer) -> (RequestLifecycle.Action, BodySpoolError?) {
        let upload = UploadChunk(bytes: chunk)
        let now = ContinuousClock.now
        return inner.withLock { inner in
            let action = inner.lifecycle.bodyReceived(count: upload.bytes.count, now: now)
            guard action == .storeBody else { return (action, nil) }
            do throws(BodySpoolError) {
                try inner.spooler.append(upload.bytes)
                return (action, nil)
            } catch {
                inner.lifecycle.bodyStorageFailed()
                return (.discardBody, error)
            }
        }
    }

    /// A call without data: end of request, or the call after resumption.
    func noDataReceived() -> RequestLifecycle.Action {
        inner.withLock { $0.lifecycle.noDataReceived() }
    }

    /// Builds the handler's request value and remembers the connection to resume.
    func makeRequest(connection: SuspendedConnection) -> HTTPRequest {
        inner.withLock { inner in
            inner.connection = connection
            let (path, query) = Self.split(target: target)
            return HTTPRequest(
                method: HTTPMethod(inner.method),
                path: path,
                query: query,
                version: inner.version,
                headers: inner.headers,
                body: inner.spooler.finish(),
                remoteAddress: inner.remoteAddress,
                clientAddress: inner.clientAddress
            )
        }
    }

    /// The request was answered without suspending (fast path, or 503 while draining).
    func handlerSkipped() {
        inner.withLock { $0.lifecycle.handlerSkipped() }
    }

    /// Stores the response if none was stored yet and returns the connection to resume;
    /// nil when the request was already completed (by shutdown, or by the handler).
    func complete(with response: HTTPResponse) -> SuspendedConnection? {
        inner.withLock { inner in
            guard inner.lifecycle.responseArrived() else { return nil }
            inner.response = response
            return inner.connection.take()
        }
    }

    /// Takes the stored response for queueing.
    func takeResponse() -> HTTPResponse? {
        inner.withLock { $0.response.take() }
    }

    /// Deletes a spilled body file and returns its spool reservation; called when MHD
    /// is done with the request.
    func cleanUp(spool: SpoolBudget, connections: ConnectionCounts) {
        let (file, reserved, client) = inner.withLock { inner in
            defer { inner.spoolReservation = 0; inner.countedClient = nil }
            return (inner.spooler.file, inner.spoolReservation, inner.countedClient)
        }
        file?.remove()
        if reserved > 0 { spool.release(reserved) }
        if let client { connections.requestEnded(forwardedFor: client) }
    }

    /// Records that this request counts against its forwarded client's share.
    func countForwardedClient(_ client: String) {
        inner.withLock { $0.countedClient = client }
    }

    /// The addresses recorded with the head (peer, client).
    var addresses: (remote: String, client: String) {
        inner.withLock { ($0.remoteAddress, $0.clientAddress) }
    }

    /// Splits a request target at the first "?" without decoding anything.
    static func split(target: String) -> (path: String, query: String?) {
        // Searched in the contiguous bytes: the generic UTF-8 view walk cost tens of
        // instructions per byte of every (often long, for images) request target.
        var bytes = target
        guard let offset = bytes.withUTF8({ $0.firstIndex(of: UInt8(ascii: "?")) }) else { return (target, nil) }
        let mark = target.utf8.index(target.utf8.startIndex, offsetBy: offset)
        return (String(target[..<mark]), String(target[target.utf8.index(after: mark)...]))
    }
}

/// MHD's upload buffer for the duration of one access-handler call.
///
/// `@unchecked Sendable` only so the bytes can be handed into `RequestState`'s lock:
/// the spooler copies them within the call and keeps no pointer, so the buffer never
/// outlives the call or reaches another thread.
private struct UploadChunk: @unchecked Sendable {
    let bytes: UnsafeRawBufferPointer
}
