/// Limits and addresses for one `HTTPServer`; a plain value filled from the app's
/// configuration.
package struct HTTPServerConfiguration: Sendable {
    /// Address to bind: "0.0.0.0" (all IPv4), "::" (all IPv6), or a literal address.
    package var host: String
    /// TCP port; 0 asks the kernel for a free one (tests), read it back from `HTTPServer.port`.
    package var port: Int
    /// Largest request body accepted; larger ones get 413 before the body is read.
    package var maxBodyBytes: Int
    /// Bodies up to this size stay in memory; larger ones spill to a temporary file.
    package var memoryBodyLimit: Int
    /// Most bytes all spilled bodies together may take in `temporaryDirectory`. Space is
    /// taken as body bytes arrive; one client address (IPv6: its /64), and one account,
    /// may hold at most a quarter of it (or one `maxBodyBytes` body, if that is more),
    /// and the last `spoolReserve` bytes go only to senders holding less than what stays
    /// free (see `SpoolBudget`). A body whose declared length (a chunked one's route
    /// limit) does not fit its sender's share now is refused with 503 before any byte is
    /// stored; one that runs out of room midway gets 503 and the connection closes.
    package var spoolLimitBytes: Int = 1 << 30
    /// The newcomers' part of `spoolLimitBytes`; nil for an eighth of it or two
    /// `maxBodyBytes` bodies, whichever is more, at most half of it and never so much
    /// that one `maxBodyBytes` body no longer fits beside it (`spoolReserve`).
    package var spoolReserveBytes: Int?
    /// The slowest a body may arrive (on average once its grace period is over, and
    /// without a stall); nil for no minimum.
    package var minimumBodyRate: MinimumBodyRate? = .standard
    /// The clock body deadlines and rates are measured with; tests inject one.
    package var now: @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
    /// Where spilled bodies go.
    package var temporaryDirectory: String
    /// Most connections open at once, across all clients. The server raises its file
    /// limit (RLIMIT_NOFILE) to the hard limit at start and lowers this to fit below
    /// it with room for the database, spool files and outgoing requests. Left out of
    /// `init`, it is derived from the hard file limit (`FileLimit.defaultConnectionLimit`:
    /// as many as fit, at most 16,384).
    package var connectionLimit: Int
    /// Most connections open at once from one IP address (one /64 network for IPv6);
    /// trusted proxies are exempt (their clients are limited per forwarded address
    /// instead). A client at its share can still connect: its own oldest idle
    /// connection is closed to make room.
    package var perClientConnectionLimit: Int
    /// Slots only clients holding no connection may take, so a new visitor is served
    /// while others fill the rest; nil for a sixteenth of `connectionLimit` (at least 2).
    /// Past `connectionLimit - reservedConnections`, each new connection closes an idle
    /// or head-trickling one of whoever holds the most.
    package var reservedConnections: Int?
    /// Peers whose `X-Forwarded-For` names the real client (a reverse proxy on the same
    /// machine or LAN). Everyone else's `X-Forwarded-For` is ignored.
    package var trustedProxies: [IPAddressRange] = []
    /// Seconds a connection may sit idle (or trickle bytes too slowly) before it is closed.
    package var connectionTimeoutSeconds: Int
    /// Seconds a connection has, from being accepted or from its previous response, to
    /// deliver a whole request head; a head trickled in faster than the idle timeout but
    /// slower than this is cut off (the idle timeout alone is reset by every byte).
    package var requestHeadTimeLimitSeconds = 60
    /// How long, after answering 413 to a client still sending its body, the server keeps
    /// reading and dropping what arrives before closing (as nginx's lingering close does):
    /// closing with unread bytes resets the connection, and the reset can destroy the
    /// answer before the client or a proxy in front has read it.
    package var lingerTimeLimit: Duration = .seconds(5)
    /// Threads in the daemon's epoll thread pool.
    package var threadCount: Int
    /// Memory each connection may use for the request line, headers and read buffer;
    /// larger request heads are refused by libmicrohttpd (431/414), which bounds what one
    /// client can pin. libmicrohttpd zeroes this much per request on kept-alive
    /// connections, so bigger is slower; its default, 32 KiB, fits heads of ~16 KiB.
    package var connectionMemoryLimit: Int
    /// Headers added to every response the server itself creates (413, 500, 503); the
    /// application adds its own to the responses it returns.
    package var defaultHeaders: [(String, String)]
    /// HTML bodies for the responses the server makes itself, by status code (400, 413,
    /// 500, 503), so people see the application's own error page rather than a bare line
    /// of text; a missing code keeps the plain-text body.
    package var errorPages: [Int: [UInt8]] = [:]

    package init(
        host: String = "0.0.0.0",
        port: Int = 8080,
        maxBodyBytes: Int = 40 * 1024 * 1024,
        memoryBodyLimit: Int = 64 * 1024,
        temporaryDirectory: String = "/tmp",
        connectionLimit: Int? = nil,
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
        self.connectionLimit = connectionLimit ?? FileLimit.defaultConnectionLimit()
        self.perClientConnectionLimit = perClientConnectionLimit
        self.connectionTimeoutSeconds = connectionTimeoutSeconds
        self.threadCount = threadCount
        self.defaultHeaders = defaultHeaders
        self.connectionMemoryLimit = connectionMemoryLimit
    }
}

extension HTTPServerConfiguration {
    /// The newcomers' part of the spool the server keeps (`spoolReserveBytes`, or its
    /// default for these limits).
    package var spoolReserve: Int {
        min(max(0, spoolReserveBytes ?? SpoolBudget.defaultReserve(limit: spoolLimitBytes, largestBody: maxBodyBytes)), spoolLimitBytes)
    }

    /// The connection policy's sizes, from the limits above.
    var slotLimits: ConnectionSlots.Limits {
        let reserve = reservedConnections ?? max(2, connectionLimit / 16)
        return ConnectionSlots.Limits(total: connectionLimit, perClient: perClientConnectionLimit, reserve: min(reserve, connectionLimit - 1))
    }

    /// libmicrohttpd's own hard limit: above the policy's, for the idle connections it
    /// was told to close (a new one is admitted at once, the old one closes a moment
    /// later); at the hard limit the accept thread waits and the policy is not asked.
    var daemonConnectionLimit: Int { connectionLimit + Self.closingSlack(connectionLimit) }

    static func closingSlack(_ connectionLimit: Int) -> Int { max(16, connectionLimit / 16) }
}
