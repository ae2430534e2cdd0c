import CWebSockets
import Glibc
import Synchronization
import WorkerThreads

/// One client connection's two halves: what its own service thread does with
/// libwebsockets, and the state the reader (any task) shares with that thread.
///
/// `@unchecked Sendable`: the fields marked "service thread only" are touched only from
/// libwebsockets' callbacks and the loop in `run`, all on the one thread that owns the
/// context; everything else another thread reads or writes is inside `shared`, and the
/// only libwebsockets call made from another thread is `lws_cancel_service`, which the
/// library documents as safe from any thread, made under the same lock that clears the
/// context pointer before the context is destroyed.
final class ClientSession: @unchecked Sendable {
    struct Shared {
        /// Set while the context lives; cleared (under this lock) before it is destroyed.
        var context: ContextHandle?
        var opened: CheckedContinuation<Result<Void, WebSocketError>, Never>?
        var messages: [String] = []
        var head = 0
        var bufferedBytes = 0
        var waiter: CheckedContinuation<Result<String, WebSocketError>, Never>?
        /// Why the connection ended; once set, the reader gets the rest of the queue, then this.
        var ending: WebSocketError?
        var closeRequested = false
        /// Reading was paused for a slow reader; the reader asks to resume.
        var paused = false
        var resumeRequested = false
    }

    let shared = Mutex(Shared())
    let endpoint: WebSocketEndpoint
    let options: WebSocketClientOptions

    // Service thread only.
    var wsi: OpaquePointer?
    var assembler: MessageAssembler
    var finished = false
    var closingLocally = false
    var peerCloseCode: Int?
    private var retryPolicy = lws_retry_bo_t()

    init(endpoint: WebSocketEndpoint, options: WebSocketClientOptions) {
        self.endpoint = endpoint
        self.options = options
        assembler = MessageAssembler(maxBytes: options.maxMessageBytes)
    }

    /// Starts the connection's thread; `opened` hears once whether the upgrade succeeded.
    func start(opened: CheckedContinuation<Result<Void, WebSocketError>, Never>) {
        shared.withLock { $0.opened = opened }
        DedicatedThread.start(name: "websocket", stackSize: 512 << 10) { [self] in run() }
    }

    /// The service thread: resolve, connect, serve callbacks until the connection is gone,
    /// destroy the context. The thread keeps `self` alive until then.
    private func run() {
        let address: String
        do throws(WebSocketError) {
            address = try AddressLookup.firstAllowed(host: endpoint.host, port: endpoint.port, refusal: options.addressRefusal)
        } catch {
            end(error)
            return
        }
        let protocols = LWSContext.Protocols(name: "grain-stories-client", callback: clientCallback, rxBufferSize: 64 << 10)
        defer { protocols.free() }
        let user = Unmanaged.passUnretained(self).toOpaque()
        guard
            let context = LWSContext.create(
                protocols: protocols, user: user, port: CONTEXT_PORT_NO_LISTEN, interface: nil, tls: endpoint.secure,
                timeoutSeconds: options.connectTimeoutSeconds)
        else {
            end(WebSocketError(.setupFailed, "lws_create_context failed"))
            return
        }
        shared.withLock { $0.context = ContextHandle(pointer: context) }
        if connect(context: context, address: address) {
            while !finished { _ = lws_service(context, 0) }
        } else {
            end(WebSocketError(.connectFailed, "lws_client_connect_via_info refused \(endpoint.hostHeader)"))
        }
        shared.withLock { $0.context = nil }
        lws_context_destroy(context)
    }

    private func connect(context: OpaquePointer, address: String) -> Bool {
        let idle = UInt16(clamping: max(5, options.pingIdleSeconds))
        retryPolicy.secs_since_valid_ping = idle
        retryPolicy.secs_since_valid_hangup = idle &* 2
        return address.withCString { address in
            endpoint.hostHeader.withCString { host in
                endpoint.path.withCString { path in
                    withUnsafePointer(to: &retryPolicy) { policy in
                        var info = lws_client_connect_info()
                        info.context = context
                        info.address = address
                        info.port = Int32(endpoint.port)
                        info.path = path
                        info.host = host
                        info.origin = host
                        info.ssl_connection = endpoint.secure ? Int32(LCCSCF_USE_SSL.rawValue) : 0
                        info.retry_and_idle_policy = policy
                        let made = lws_client_connect_via_info(&info)
                        if let made { wsi = made }
                        return made != nil || finished
                    }
                }
            }
        }
    }

    /// Records the end (the first reason wins), wakes whoever waits, and stops the loop.
    func end(_ error: WebSocketError) {
        finished = true
        let (opened, waiter) = shared.withLock {
            state -> (CheckedContinuation<Result<Void, WebSocketError>, Never>?, CheckedContinuation<Result<String, WebSocketError>, Never>?) in
            if state.ending == nil { state.ending = error }
            defer {
                state.opened = nil
                state.waiter = nil
            }
            return (state.opened, state.head < state.messages.count ? nil : state.waiter)
        }
        opened?.resume(returning: .failure(error))
        waiter?.resume(returning: .failure(error))
    }

    /// The upgrade succeeded.
    func established() {
        let opened = shared.withLock { state in
            defer { state.opened = nil }
            return state.opened
        }
        opened?.resume(returning: .success(()))
    }

    /// A whole message: straight to a waiting reader, or queued; reading pauses when the
    /// queue passes its limit.
    func deliver(_ message: String) {
        let (waiter, pause) = shared.withLock { state -> (CheckedContinuation<Result<String, WebSocketError>, Never>?, Bool) in
            if let waiter = state.waiter {
                state.waiter = nil
                return (waiter, false)
            }
            state.messages.append(message)
            state.bufferedBytes += message.utf8.count
            guard !state.paused, state.bufferedBytes > options.maxBufferedBytes else { return (nil, false) }
            state.paused = true
            return (nil, true)
        }
        waiter?.resume(returning: .success(message))
        if pause, let wsi { lws_rx_flow_control(wsi, 0) }
    }

    /// Commands from other threads, read when `lws_cancel_service` wakes the loop.
    func takeCommands() -> (close: Bool, resume: Bool) {
        shared.withLock { state in
            defer { state.resumeRequested = false }
            return (state.closeRequested, state.resumeRequested)
        }
    }

    /// Wakes the service thread if the context still lives.
    func wake() {
        shared.withLock { state in
            if let context = state.context { lws_cancel_service(context.pointer) }
        }
    }
}
