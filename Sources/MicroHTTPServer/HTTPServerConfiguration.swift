/// Limits and addresses for one `HTTPServer`; a plain value filled from the app's
/// configuration.
public struct HTTPServerConfiguration: Sendable {
    /// Address to bind: "0.0.0.0" (all IPv4), "::" (all IPv6), or a literal address.
    public var host: String
    /// TCP port; 0 asks the kernel for a free one (tests), read it back from `HTTPServer.port`.
    public var port: Int
    /// Largest request body accepted; larger ones get 413 before the body is read.
    public var maxBodyBytes: Int
    /// Bodies up to this size stay in memory; larger ones spill to a temporary file.
    public var memoryBodyLimit: Int
    /// Most bytes all spilled bodies together may take in `temporaryDirectory`. A body is
    /// counted at its declared length (chunked ones at their route's limit) when its head
    /// arrives; one that does not fit is refused with 503 before any byte is stored.
    public var spoolLimitBytes: Int = 1 << 30
    /// Where spilled bodies go.
    public var temporaryDirectory: String
    /// Most connections open at once, across all clients.
    public var connectionLimit: Int
    /// Most connections open at once from one IP address; trusted proxies are exempt
    /// (their clients are limited per forwarded address instead).
    public var perClientConnectionLimit: Int
    /// Peers whose `X-Forwarded-For` names the real client (a reverse proxy on the same
    /// machine or LAN). Everyone else's `X-Forwarded-For` is ignored.
    public var trustedProxies: [IPAddressRange] = []
    /// Seconds a connection may sit idle (or trickle bytes too slowly) before it is closed.
    public var connectionTimeoutSeconds: Int
    /// Seconds a connection has, from being accepted or from its previous response, to
    /// deliver a whole request head; a head trickled in faster than the idle timeout but
    /// slower than this is cut off (the idle timeout alone is reset by every byte).
    public var requestHeadTimeLimitSeconds = 60
    /// Threads in the daemon's epoll thread pool.
    public var threadCount: Int
    /// Memory each connection may use for the request line, headers and read buffer;
    /// larger request heads are refused by libmicrohttpd (431/414), which bounds what one
    /// client can pin. libmicrohttpd zeroes this much per request on kept-alive
    /// connections, so bigger is slower; its default, 32 KiB, fits heads of ~16 KiB.
    public var connectionMemoryLimit: Int
    /// Headers added to every response the server itself creates (413, 500, 503); the
    /// application adds its own to the responses it returns.
    public var defaultHeaders: [(String, String)]
    /// HTML bodies for the responses the server makes itself, by status code (400, 413,
    /// 500, 503), so people see the application's own error page rather than a bare line
    /// of text; a missing code keeps the plain-text body.
    public var errorPages: [Int: [UInt8]] = [:]

    public init(
        host: String = "0.0.0.0",
        port: Int = 8080,
        maxBodyBytes: Int = 40 * 1024 * 1024,
        memoryBodyLimit: Int = 64 * 1024,
        temporaryDirectory: String = "/tmp",
        connectionLimit: Int = 1024,
        perClientConnectionLimit: Int = 128,
        connectionTimeoutSeconds: Int = 30,
        threadCount: Int = 2,
        defaultHeaders: [(String, String)] = [],
        connectionMemoryLimit: Int = 32 * 1024
    ) {
        self.host = host
        self.port = port
        self.maxBodyBytes = maxBodyBytes
        self.memoryBodyLimit = memoryBodyLimit
        self.temporaryDirectory = temporaryDirectory
        self.connectionLimit = connectionLimit
        self.perClientConnectionLimit = perClientConnectionLimit
        self.connectionTimeoutSeconds = connectionTimeoutSeconds
        self.threadCount = threadCount
        self.defaultHeaders = defaultHeaders
        self.connectionMemoryLimit = connectionMemoryLimit
    }
}
