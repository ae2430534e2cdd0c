import Synchronization
import TestKit

/// A deliberately simple, blocking HTTP/1.1 client over one raw TCP socket, for tests
/// that need what real clients hide: arbitrary (even malformed) bytes, slow sending,
/// several requests on one connection, and whether the server closed the connection.
///
/// Every wait is bounded by `timeout`. The calls block their thread, so from async tests
/// run them through `runOnDedicatedThread`: blocking the cooperative pool can starve the
/// very server handlers a test waits for. Calls are serialised by a lock, so a connection
/// may be handed from one thread to another between exchanges.
package final class RawHTTPConnection: Sendable {
    package let timeout: Duration
    private let session: Mutex<RawSocketSession>

    /// Connects to `host` (an IPv4 or IPv6 literal) and `port`, from the local IPv4
    /// address `source` when given: loopback owns all of 127.0.0.0/8, so 127.0.0.2,
    /// 127.0.0.3… are distinct clients to the server. `receiveBufferBytes` fixes the
    /// socket's receive buffer, so a test that stops reading holds the server back soon.
    package init(
        host: String = "127.0.0.1", port: Int, source: String? = nil, timeout: Duration = .seconds(15), receiveBufferBytes: Int? = nil
    ) throws(RawHTTPError) {
        self.timeout = timeout
        session = Mutex(try RawSocketSession(host: host, port: port, source: source, timeout: timeout, receiveBufferBytes: receiveBufferBytes))
    }

    deinit {
        close()
    }

    /// Sends all of `bytes`; `.closed` if the server has closed the connection, `.timeout`
    /// if the server stopped reading and the socket buffers stayed full for `timeout`.
    package func send(_ bytes: [UInt8]) throws(RawHTTPError) {
        try session.withLock { session throws(RawHTTPError) in try session.send(bytes) }
    }

    /// Sends the UTF-8 bytes of `text` (write "\r\n" explicitly).
    package func send(_ text: String) throws(RawHTTPError) {
        try send(Array(text.utf8))
    }

    /// Sends `bytes` `chunkSize` bytes at a time, pausing `interval` after each chunk.
    /// Returns how many bytes went out before the server closed the connection (all of
    /// them if it never did).
    @discardableResult
    package func sendSlowly(_ bytes: [UInt8], chunkSize: Int = 1, interval: Duration, untilAnswered: Bool = false) -> Int {
        session.withLock { $0.sendSlowly(bytes, chunkSize: chunkSize, interval: interval, untilAnswered: untilAnswered) }
    }

    /// Reads one complete response: framed by Content-Length, chunked encoding, or the
    /// end of the stream. Interim 1xx responses are skipped. Pass `isHeadRequest` for HEAD
    /// (the response then has headers only, whatever Content-Length says).
    package func readResponse(isHeadRequest: Bool = false) throws(RawHTTPError) -> RawHTTPResponse {
        try session.withLock { session throws(RawHTTPError) in try session.readResponse(isHeadRequest: isHeadRequest) }
    }

    /// Reads until at least `count` bytes (head and body alike, unparsed) have arrived
    /// and returns them: for tests that act while a response is still being sent.
    package func readRaw(atLeast count: Int) throws(RawHTTPError) -> [UInt8] {
        try session.withLock { session throws(RawHTTPError) in try session.readRaw(atLeast: count) }
    }

    /// Reads, unparsed, until the server closes the connection or `within` passes.
    package func readRawUntilClose(within: Duration) -> (bytes: [UInt8], closed: Bool) {
        session.withLock { $0.readRawUntilClose(within: within) }
    }

    /// Waits up to `within` for the server to close the connection (end of stream or
    /// reset), discarding anything it still sends; true if it closed.
    package func waitForServerClose(within: Duration) -> Bool {
        session.withLock { $0.waitForServerClose(within: within) }
    }

    /// Whether the connection ended with a reset rather than an orderly end of stream
    /// (meaningful once the server has closed and a read saw the end, as
    /// `waitForServerClose` does), including a reset no read has reported yet.
    package var wasReset: Bool {
        session.withLock { $0.sawReset || $0.resetIsPending() }
    }

    /// Closes the socket; later calls do nothing.
    package func close() {
        session.withLock { $0.close() }
    }
}
