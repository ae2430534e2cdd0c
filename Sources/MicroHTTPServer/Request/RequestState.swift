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
        /// Bytes taken from the spool budget for this body, returned in `cleanUp()`:
        /// every byte of a body that spilled to disk, taken as it arrives.
        var spoolReservation = 0
        /// Whose share the reservation counts against.
        var spoolHolder = SpoolBudget.Holder(address: "")
        /// The forwarded client this request was counted for, uncounted in `cleanUp()`.
        var countedClient: String?
        var remoteAddress = ""
        var clientAddress = ""
        /// Whether `InFlightRequests` holds this request (its handler ran in a task), so
        /// only those are taken off its list when they end.
        var isInFlight = false
    }

    private let inner: Mutex<Inner>
    /// The server's clock (injected in tests, so body deadlines need no waiting).
    private let now: @Sendable () -> ContinuousClock.Instant
    private let memoryLimit: Int

    init(target: String, configuration: HTTPServerConfiguration) {
        self.target = target
        self.now = configuration.now
        self.memoryLimit = configuration.memoryBodyLimit
        inner = Mutex(
            Inner(
                lifecycle: RequestLifecycle(maxBodyBytes: configuration.maxBodyBytes, minimumRate: configuration.minimumBodyRate),
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
    /// body is first put to the responder (`admit`) and then to the spool budget, which
    /// refuses it when it could not fit in the client's share now (nothing is taken
    /// yet: space is taken as bytes arrive); a refusal's response is kept for the
    /// driver to queue.
    func headersReceived(
        method: String, version: String, headers: HTTPHeaders, isDraining: Bool,
        remoteAddress: String, clientAddress: String,
        admit: (HTTPRequest) -> BodyAdmission, spool: SpoolBudget
    ) -> RequestLifecycle.Action {
        let framing = headers.bodyFraming
        let (path, query) = Self.split(target: target)
        let memoryLimit = self.memoryLimit
        let headTime = now()
        return inner.withLock { inner in
            inner.method = method
            inner.version = version
            inner.headers = headers
            inner.remoteAddress = remoteAddress
            inner.clientAddress = clientAddress
            var lifecycle = inner.lifecycle
            let serverLimit = lifecycle.maxBodyBytes
            var refusal: HTTPResponse?
            var holder = SpoolBudget.Holder(address: clientAddress)
            let expectsContinue = headers.values(for: "Expect").contains { $0.lowercased() == "100-continue" }
            let action = lifecycle.headersReceived(framing: framing, isDraining: isDraining, expectsContinue: expectsContinue) { framing in
                let head = HTTPRequest(
                    method: HTTPMethod(method), path: path, query: query, version: version, headers: headers,
                    remoteAddress: remoteAddress, clientAddress: clientAddress
                )
                switch admit(head) {
                case .refuse(let response):
                    refusal = response
                    return .refused
                case .accept(let maxBytes, let timeLimit, let account):
                    let limit = min(maxBytes, serverLimit)
                    holder.account = account
                    let expected: Int
                    switch framing {
                    case .length(let length): expected = length
                    default: expected = limit
                    }
                    if expected > memoryLimit, expected <= limit, !spool.wouldFit(expected, for: holder) {
                        return .noSpoolRoom
                    }
                    return .accepted(maxBytes: limit, deadline: headTime.advanced(by: timeLimit), started: headTime)
                }
            }
            inner.lifecycle = lifecycle
            inner.response = refusal
            inner.spoolHolder = holder
            return action
        }
    }

    /// A body call: keeps the chunk when the lifecycle says so, taking spool space for
    /// it once the body no longer fits in memory. A storage failure is returned so the
    /// driver can log it; the lifecycle then answers 500 at the end.
    func bodyReceived(_ chunk: UnsafeRawBufferPointer, spool: SpoolBudget) -> (RequestLifecycle.Action, BodySpoolError?) {
        let upload = UploadChunk(bytes: chunk)
        let now = self.now()
        let memoryLimit = self.memoryLimit
        return inner.withLock { inner in
            let action = inner.lifecycle.bodyReceived(count: upload.bytes.count, now: now)
            guard action == .storeBody else { return (action, nil) }
            let total = inner.spooler.count + upload.bytes.count
            if total > memoryLimit {
                let more = total - inner.spoolReservation
                guard spool.reserve(more, for: inner.spoolHolder) else { return (inner.lifecycle.spoolFull(), nil) }
                inner.spoolReservation = total
            }
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
    func cleanUp(spool: SpoolBudget, connections: ConnectionCounts, inFlight: InFlightRequests) {
        let (file, reserved, holder, client, isInFlight) = inner.withLock { inner in
            defer {
                inner.spoolReservation = 0
                inner.countedClient = nil
                inner.isInFlight = false
            }
            return (inner.spooler.file, inner.spoolReservation, inner.spoolHolder, inner.countedClient, inner.isInFlight)
        }
        file?.remove()
        spool.release(reserved, for: holder)
        if let client { connections.requestEnded(forwardedFor: client) }
        if isInFlight { inFlight.end(self) }
    }

    /// Registers the request with `inFlight` before its handler runs in a task; false
    /// once the server is draining (see `InFlightRequests.begin`).
    func beginInFlight(_ inFlight: InFlightRequests) -> Bool {
        // Both run on the connection's thread, as does the completion that ends it.
        guard inFlight.begin(self) else { return false }
        inner.withLock { $0.isInFlight = true }
        return true
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
