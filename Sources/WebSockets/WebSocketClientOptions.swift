/// Limits and manners of one client connection.
package struct WebSocketClientOptions: Sendable {
    /// The largest message accepted; a larger one closes the connection with 1009.
    package var maxMessageBytes: Int
    /// Received messages held for a slow reader before the socket is no longer read (TCP
    /// flow control then holds the sender back); reading resumes below half of it.
    package var maxBufferedBytes: Int
    /// How long TCP, TLS and the upgrade may take.
    package var connectTimeoutSeconds: Int
    /// After this long without traffic a ping is sent; a connection silent for twice as
    /// long is hung up, so a half-open connection is noticed.
    package var pingIdleSeconds: Int
    /// Sent as `User-Agent` with the upgrade request.
    package var userAgent: String
    /// Judges each address the host name resolves to, before any connection: nil to allow
    /// it, or the reason it is refused (the caller's SSRF rule; bytes in network order, 4
    /// for IPv4 and 16 for IPv6).
    package var addressRefusal: @Sendable ([UInt8]) -> String?

    package init(
        maxMessageBytes: Int = 1 << 20, maxBufferedBytes: Int = 8 << 20, connectTimeoutSeconds: Int = 20,
        pingIdleSeconds: Int = 30, userAgent: String, addressRefusal: @escaping @Sendable ([UInt8]) -> String?
    ) {
        self.maxMessageBytes = maxMessageBytes
        self.maxBufferedBytes = maxBufferedBytes
        self.connectTimeoutSeconds = connectTimeoutSeconds
        self.pingIdleSeconds = pingIdleSeconds
        self.userAgent = userAgent
        self.addressRefusal = addressRefusal
    }
}
