import Synchronization

/// One client connected to a `WebSocketServer`: what it asked for, and a way to send it
/// text, close it properly, or drop it without a close frame (as a failing network would).
/// Calls from any thread are queued for the server's own thread.
package final class WebSocketPeer: Sendable {
    enum Outgoing: Sendable {
        case text(String)
        case close(code: Int)
    }

    struct Queue {
        var outgoing: [Outgoing] = []
        var drop = false
        var closed = false
    }

    /// The request target: path and, after `?`, the query as the client sent it (each
    /// argument as libwebsockets decoded it, joined with `&`).
    package let path: String
    let id: Int
    let queue = Mutex(Queue())
    private let wake: @Sendable () -> Void

    init(id: Int, path: String, wake: @escaping @Sendable () -> Void) {
        self.id = id
        self.path = path
        self.wake = wake
    }

    /// Sends one text message (any size: libwebsockets finishes partial writes itself).
    package func send(_ text: String) {
        let queued = queue.withLock { queue in
            guard !queue.closed else { return false }
            queue.outgoing.append(.text(text))
            return true
        }
        if queued { wake() }
    }

    /// Sends a close frame with `code` after what is already queued.
    package func close(code: Int = 1000) {
        queue.withLock { $0.outgoing.append(.close(code: code)) }
        wake()
    }

    /// Shuts the socket down at once: the client sees the stream end with no close frame.
    package func drop() {
        queue.withLock { $0.drop = true }
        wake()
    }

    /// Whether the connection has ended.
    package var isClosed: Bool { queue.withLock { $0.closed } }
}
