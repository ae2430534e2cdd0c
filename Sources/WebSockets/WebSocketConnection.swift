import Synchronization

/// A WebSocket client connection (RFC 6455, through libwebsockets) that receives text
/// messages.
///
/// Each connection has a thread of its own for libwebsockets' event loop, so neither DNS,
/// TLS nor the socket ever blocks the cooperative pool. Pings are answered by the library;
/// after `pingIdleSeconds` of silence this side pings, and hangs up when nothing comes back.
/// A message larger than `maxMessageBytes` or in a binary frame ends the connection with an
/// error; a slow reader pauses reading from the socket instead of growing memory.
package final class WebSocketConnection: Sendable {
    private let session: ClientSession

    private init(session: ClientSession) { self.session = session }

    deinit { close() }

    /// Connects and completes the upgrade, or throws why not.
    package static func connect(
        to endpoint: WebSocketEndpoint, options: WebSocketClientOptions
    ) async throws(WebSocketError)
        -> WebSocketConnection
    {
        let session = ClientSession(endpoint: endpoint, options: options)
        let result = await withCheckedContinuation { continuation in session.start(opened: continuation) }
        try result.get()
        return WebSocketConnection(session: session)
    }

    /// The next whole text message. Throws once the connection has ended (`.closed`,
    /// `.messageTooLarge`, …), after every message received before the end was read.
    /// Cancelling the waiting task closes the connection.
    package func receive() async throws(WebSocketError) -> String {
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<String, WebSocketError>, Never>) in
                let (now, resume) = session.shared.withLock { state -> (Result<String, WebSocketError>?, Bool) in
                    if state.head < state.messages.count {
                        let message = state.messages[state.head]
                        state.head += 1
                        state.bufferedBytes -= message.utf8.count
                        if state.head > 1024 && state.head * 2 > state.messages.count {
                            state.messages.removeFirst(state.head)
                            state.head = 0
                        }
                        let resume = state.paused && state.bufferedBytes <= session.options.maxBufferedBytes / 2
                        if resume {
                            state.paused = false
                            state.resumeRequested = true
                        }
                        return (.success(message), resume)
                    }
                    if let ending = state.ending { return (.failure(ending), false) }
                    state.waiter = continuation
                    return (nil, false)
                }
                if resume { session.wake() }
                if let now { continuation.resume(returning: now) }
            }
        } onCancel: {
            close()
        }
        return try result.get()
    }

    /// Closes the connection with a normal close frame (idempotent); a waiting `receive`
    /// then throws `.closedLocally`.
    package func close() {
        session.shared.withLock { $0.closeRequested = true }
        session.wake()
    }
}
