import CMicroHTTPD
import FoundationEssentials
import Glibc
import Synchronization
import WorkerThreads

/// Owns one running libmicrohttpd daemon, its listening socket and accept thread, and
/// the context retain it was started with.
///
/// The daemon pointer sits in a `Mutex` and is taken out exactly once by `stop()`, which
/// stops accepting, stops the daemon, closes the listening socket and then releases the
/// `ServerContext` passed to MHD: after `MHD_stop_daemon` returns no callback can run
/// any more. The socket stays open until the daemon has stopped, so clients connecting
/// while the server drains get its 503 rather than a refused connection.
final class MHDDaemon: Sendable {
    /// The bound TCP port (the kernel's choice when the configuration asked for 0).
    let port: Int
    private let daemon: Mutex<OpaquePointer?>
    private let context: Unmanaged<ServerContext>
    private let sweeper: HeadDeadlineSweeper
    private let listener: ListeningSocket
    private let acceptor: AcceptLoop

    /// Binds, starts the epoll thread pool and the accept thread.
    init(context: ServerContext) throws(HTTPServerError) {
        let configuration = context.configuration
        try Self.validate(configuration)
        let address = try SocketAddress(host: configuration.host, port: configuration.port)
        let listener = try ListeningSocket(address: address, description: "\(configuration.host):\(configuration.port)")
        // MHD_USE_ITC (implied by suspend/resume) makes a worker take connections handed
        // over by `MHD_add_connection` at once.
        let flags =
            MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_EPOLL.rawValue
            | MHD_ALLOW_SUSPEND_RESUME.rawValue | MHD_USE_ERROR_LOG.rawValue
            | MHD_USE_NO_LISTEN_SOCKET.rawValue | MHD_USE_ITC.rawValue
        let retained = Unmanaged.passRetained(context)
        let cls = retained.toOpaque()
        let started = {
            var settings = cmhd_daemon_settings(
                flags: flags,
                notify_connection: mhdNotifyConnection,
                notify_connection_cls: cls,
                access_handler: mhdAccessHandler,
                access_handler_cls: cls,
                completed: mhdRequestCompleted,
                completed_cls: cls,
                uri_log: mhdURILog,
                uri_log_cls: cls,
                unescape: mhdUnescapeNothing,
                logger: mhdLogger,
                logger_cls: cls,
                thread_pool_size: UInt32(clamping: configuration.threadCount),
                // Split evenly between the workers, and a worker may be handed them all:
                // `HandedOverConnections` explains why none may reach its share.
                connection_limit: UInt32(clamping: (configuration.daemonConnectionLimit + 1) * configuration.threadCount),
                // Counted by `ConnectionCounts` instead, which exempts trusted proxies.
                per_ip_connection_limit: 0,
                connection_timeout_seconds: UInt32(clamping: configuration.connectionTimeoutSeconds),
                connection_memory_limit: configuration.connectionMemoryLimit
            )
            return cmhd_start_daemon(&settings)
        }()
        guard let started else {
            let reason = String(cString: strerror(errno))
            retained.release()
            listener.close()
            throw HTTPServerError(
                .startFailed,
                "libmicrohttpd could not start on \(configuration.host):\(configuration.port) (\(reason))"
            )
        }
        do {
            self.acceptor = try AcceptLoop(
                listener: listener.descriptor, daemon: started, limit: configuration.daemonConnectionLimit,
                slots: context.slots, handedOver: context.handedOver, log: context.log
            )
        } catch {
            MHD_stop_daemon(started)
            retained.release()
            listener.close()
            throw error
        }
        self.port = listener.port
        self.listener = listener
        self.daemon = Mutex(started)
        self.context = retained
        self.sweeper = HeadDeadlineSweeper(deadlines: context.slots)
    }

    /// Stops the daemon (closing every connection) and releases the context; later calls
    /// do nothing. Blocks while MHD joins its threads, so async callers use `stop() async`.
    func stopNow() {
        guard let stopped = daemon.withLock({ $0.take() }) else { return }
        acceptor.stop()
        sweeper.stop()
        MHD_stop_daemon(stopped)
        listener.close()
        context.release()
    }

    /// `stopNow()` on a dedicated thread, keeping the join off the cooperative pool.
    func stop() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DedicatedThread.start(name: "http-stop", stackSize: 256 << 10) {
                self.stopNow()
                continuation.resume()
            }
        }
    }

    private static func validate(_ configuration: HTTPServerConfiguration) throws(HTTPServerError) {
        func require(_ condition: Bool, _ message: String) throws(HTTPServerError) {
            if !condition { throw HTTPServerError(.startFailed, message) }
        }
        try require(configuration.threadCount >= 1, "threadCount must be at least 1")
        try require(configuration.maxBodyBytes >= 0, "maxBodyBytes must not be negative")
        try require(configuration.memoryBodyLimit >= 0, "memoryBodyLimit must not be negative")
        try require(configuration.connectionLimit >= 1, "connectionLimit must be at least 1")
        try require(configuration.perClientConnectionLimit >= 0, "perClientConnectionLimit must not be negative")
        try require(configuration.connectionTimeoutSeconds >= 0, "connectionTimeoutSeconds must not be negative")
        try require(configuration.requestHeadTimeLimitSeconds >= 1, "requestHeadTimeLimitSeconds must be at least 1")
        try require(configuration.connectionMemoryLimit >= 4096, "connectionMemoryLimit must be at least 4096")
        try require(
            access(configuration.temporaryDirectory, W_OK | X_OK) == 0,
            "temporaryDirectory \(configuration.temporaryDirectory) is not a writable directory"
        )
    }
}
