/// Why a WebSocket connection could not be made or ended, for the caller to log and to
/// decide whether to reconnect. Carries no payload bytes: errors end up in logs.
package struct WebSocketError: Error, Sendable, Equatable, CustomStringConvertible {
    package enum Code: Sendable, Equatable {
        /// The host name did not resolve.
        case lookupFailed
        /// Every address the name resolved to is one the address rule refuses.
        case refusedAddress
        /// TCP, TLS or the upgrade handshake failed.
        case connectFailed
        /// A message was larger than the configured cap; the connection was closed (1009).
        case messageTooLarge
        /// A binary frame or text that is not UTF-8; the connection was closed.
        case protocolViolation
        /// The peer closed the connection (with a close frame or without).
        case closed
        /// `close()` was called, or the task waiting for a message was cancelled.
        case closedLocally
        /// libwebsockets could not set up a context or a connection.
        case setupFailed
    }

    package let code: Code
    /// Words for a log line (the library's reason where it gave one).
    package let message: String
    /// The close code the peer sent, for `.closed` with a close frame.
    package let closeCode: Int?

    package init(_ code: Code, _ message: String, closeCode: Int? = nil) {
        self.code = code
        self.message = message
        self.closeCode = closeCode
    }

    package var description: String {
        "WebSocket: \(message)" + (closeCode.map { " (close code \($0))" } ?? "")
    }
}
