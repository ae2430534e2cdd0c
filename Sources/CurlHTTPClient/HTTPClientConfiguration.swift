/// Settings shared by every request an `HTTPClient` makes.
///
/// The defaults suit a server calling other servers on behalf of users: short timeouts,
/// a bounded response size, no redirects followed, and only http and https. TLS
/// verification is always on and cannot be turned off; HTTP/2 is used where a TLS
/// server offers it, gzip/deflate/brotli responses are decoded transparently, and
/// connections are kept and reused. Proxy environment variables are ignored.
package struct HTTPClientConfiguration: Sendable {
    /// Sent as `User-Agent` unless a request sets its own.
    package var userAgent: String
    /// How long establishing a connection (TCP and TLS) may take.
    package var connectTimeout: Duration
    /// How long a whole request may take, from submission to the last body byte.
    package var totalTimeout: Duration
    /// The largest decoded response body accepted. A larger `Content-Length` is refused
    /// before the body is read, and a body that grows past it is aborted at once.
    package var maxResponseBytes: Int
    /// How many redirects to follow; 0 returns the 3xx response itself. Redirects are
    /// only ever followed to http and https URLs.
    package var maxRedirects: Int
    /// Which peer addresses connections may be opened to.
    package var addressPolicy: AddressPolicy
    /// The most connections open to one host at once; further requests wait for one.
    package var maxConnectionsPerHost: Int
    /// How many idle connections the client keeps for reuse.
    package var maxCachedConnections: Int

    package init(
        userAgent: String = "GrainStories",
        connectTimeout: Duration = .seconds(5),
        totalTimeout: Duration = .seconds(15),
        maxResponseBytes: Int = 8 << 20,
        maxRedirects: Int = 0,
        addressPolicy: AddressPolicy = .any,
        maxConnectionsPerHost: Int = 8,
        maxCachedConnections: Int = 32
    ) {
        self.userAgent = userAgent
        self.connectTimeout = connectTimeout
        self.totalTimeout = totalTimeout
        self.maxResponseBytes = maxResponseBytes
        self.maxRedirects = maxRedirects
        self.addressPolicy = addressPolicy
        self.maxConnectionsPerHost = maxConnectionsPerHost
        self.maxCachedConnections = maxCachedConnections
    }
}

extension HTTPClientConfiguration {
    /// Which peer addresses the client may connect to.
    package enum AddressPolicy: Sendable, Equatable {
        /// Any address the host name resolves to.
        case any
        /// Only globally routable unicast addresses: loopback, private, link-local,
        /// carrier-grade NAT, multicast, reserved and unspecified addresses (IPv4, IPv6
        /// and IPv4 embedded in IPv6) are refused. The check runs on the resolved address
        /// right before each connect, so DNS rebinding cannot get around it. Use it for
        /// URLs that come from users (server-side request forgery).
        case publicOnly
    }
}
