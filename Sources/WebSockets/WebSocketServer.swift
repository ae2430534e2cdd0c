import CWebSockets
import Glibc
import Synchronization
import WorkerThreads

/// A small WebSocket server on a loopback port (libwebsockets' server side), for stand-ins
/// of WebSocket services in tests. It runs on its own thread; `onOpen` is called there for
/// each connection once the upgrade is done, and should only hand the peer on.
///
/// `@unchecked Sendable`: `peers` is touched only on the server's thread (callbacks and
/// `run`); everything shared is inside `shared` or a peer's own lock, and the only call
/// from another thread is `lws_cancel_service`, made under the lock that clears the context.
package final class WebSocketServer: @unchecked Sendable {
    struct Shared {
        var context: ContextHandle?
        var stopping = false
        var nextID = 0
        /// The thread has destroyed the context and ended.
        var done = false
        var stopWaiter: CheckedContinuation<Void, Never>?
    }

    let shared = Mutex(Shared())
    let onOpen: @Sendable (WebSocketPeer) -> Void
    /// The port it listens on (127.0.0.1).
    package private(set) var port = 0

    // Server thread only.
    var peers: [OpaquePointer: WebSocketPeer] = [:]
    var finished = false

    private init(onOpen: @escaping @Sendable (WebSocketPeer) -> Void) { self.onOpen = onOpen }

    /// Starts listening on 127.0.0.1 at a port the system picks.
    package static func start(onOpen: @escaping @Sendable (WebSocketPeer) -> Void) async throws(WebSocketError) -> WebSocketServer {
        let server = WebSocketServer(onOpen: onOpen)
        let port = await withCheckedContinuation { (continuation: CheckedContinuation<Int, Never>) in
            DedicatedThread.start(name: "websocket-srv", stackSize: 512 << 10) { server.run(listening: continuation) }
        }
        guard port > 0 else { throw WebSocketError(.setupFailed, "the WebSocket server could not listen on 127.0.0.1") }
        server.port = port
        return server
    }

    private func run(listening: CheckedContinuation<Int, Never>) {
        let protocols = LWSContext.Protocols(name: "grain-stories-server", callback: serverCallback, rxBufferSize: 64 << 10)
        defer { protocols.free() }
        let user = Unmanaged.passUnretained(self).toOpaque()
        let context = "127.0.0.1".withCString { interface in
            LWSContext.create(protocols: protocols, user: user, port: 0, interface: interface, tls: false, timeoutSeconds: 20)
        }
        guard let context, let vhost = lws_get_vhost_by_name(context, "default") else {
            if let context { lws_context_destroy(context) }
            shared.withLock { $0.done = true }
            listening.resume(returning: 0)
            return
        }
        shared.withLock { $0.context = ContextHandle(pointer: context) }
        listening.resume(returning: Int(lws_get_vhost_listen_port(vhost)))
        while !finished { _ = lws_service(context, 0) }
        shared.withLock { $0.context = nil }
        lws_context_destroy(context)
        for peer in peers.values { peer.queue.withLock { $0.closed = true } }
        peers = [:]
        shared.withLock { state in
            state.done = true
            return state.stopWaiter.take()
        }?.resume()
    }

    /// Stops listening and ends every connection; returns once the thread is done.
    package func stop() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let done = shared.withLock { state in
                state.stopping = true
                if !state.done { state.stopWaiter = continuation }
                if let context = state.context { lws_cancel_service(context.pointer) }
                return state.done
            }
            if done { continuation.resume() }
        }
    }

    func wake() {
        shared.withLock { state in
            if let context = state.context { lws_cancel_service(context.pointer) }
        }
    }

    func newPeer(path: String) -> WebSocketPeer {
        let id = shared.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        return WebSocketPeer(id: id, path: path, wake: { [weak self] in self?.wake() })
    }
}
