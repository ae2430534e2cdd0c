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

    /// First call: records the request head and decides what happens next.
    func headersReceived(
        method: String, version: String, headers: HTTPHeaders, isDraining: Bool
    ) -> RequestLifecycle.Action {
        let framing = headers.bodyFraming
        return inner.withLock { inner in
            inner.method = method
            inner.version = version
            inner.headers = headers
            return inner.lifecycle.headersReceived(framing: framing, isDraining: isDraining)
        }
    }

    /// A body call: keeps the chunk when the lifecycle says so. A storage failure is
    /// returned so the driver can log it; the lifecycle then answers 500 at the end.
    func bodyReceived(_ chunk: UnsafeRawBufferPointer) -> (RequestLifecycle.Action, BodySpoolError?) {
        let upload = UploadChunk(bytes: chunk)
        return inner.withLock { inner in
            let action = inner.lifecycle.bodyReceived(count: upload.bytes.count)
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
    func makeRequest(remoteAddress: String, connection: SuspendedConnection) -> HTTPRequest {
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
                remoteAddress: remoteAddress
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

    /// Deletes a spilled body file; called when MHD is done with the request.
    func cleanUp() {
        let file = inner.withLock { $0.spooler.file }
        file?.remove()
    }

    /// Splits a request target at the first "?" without decoding anything.
    static func split(target: String) -> (path: String, query: String?) {
        guard let mark = target.utf8.firstIndex(of: UInt8(ascii: "?")) else { return (target, nil) }
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
