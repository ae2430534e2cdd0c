import Foundation
public import MicroHTTPServer
import WorkerThreads
import ATProto
import AppStorage
import Geocoding
public import GrainSupport
import Posting
import Viewing

/// The production wiring: real HTTP clients, the AppView, the database, the on-disk
/// caches, the outbox worker. Owns what must be stopped when the server stops.
public struct LiveServices: Sendable {
    public let services: AppServices
    public let data: DataDirectory
    private let http: OutboundHTTP
    private let threads: [WorkerThreadPool]
    private let housekeeping: Task<Void, Never>

    public static func start(configuration: AppConfiguration, data: DataDirectory, logger: Logger) async throws(ConfigurationError) -> LiveServices {
        let secret = try ServerSecret.loadOrCreate(at: data.secretKey)
        let pages = try AppServices.loadPages(configuration: configuration, secret: secret, logger: logger)
        let http = OutboundHTTP(
            userAgent: "GrainStories/\(GrainStoriesVersion.current) (self-hosted)",
            insecureHosts: configuration.insecureHosts
        )
        let io = WorkerThreadPool(name: "io", threadCount: 2)
        // Two threads, admitted by memory (`PostingServices.photoQueue`): a large photo
        // no longer holds up a small one.
        let photos = WorkerThreadPool(name: "photos", threadCount: 2)
        let appView = AppViewStoryLibrary(client: AppViewClient(
            xrpc: XRPCClient(baseURL: configuration.appViewURL, http: http),
            timeout: .seconds(configuration.appViewTimeoutSeconds)
        ))
        let signer = MediaURLSigner(key: HMAC.sha256(key: secret, message: Array("media".utf8)), insecureHosts: configuration.insecureHosts)
        let media = try MediaCache(directory: data.media, maxBytes: configuration.mediaCacheBytes, http: http, io: io)
        let database = try await AppDatabase.open(at: data.database)
        let services = AppServices(
            configuration: configuration, logger: logger, pages: pages, baseLibrary: appView, signer: signer, media: media,
            database: database, http: http, identity: IdentityResolver.live(configuration: configuration, http: http),
            geocoder: NominatimClient(configuration: configuration, http: http, logger: logger, cache: SQLiteGeocodingCache(database: database)),
            secret: secret, photoThreads: photos, fileThreads: io, data: data
        )
        do {
            try await services.sessions.loadKnownSessions()
        } catch {
            throw ConfigurationError("the database could not be read: \(error)")
        }
        await services.posting.restoreLocalStories(sessions: services.sessions)
        await services.posting.publisher.start()
        let housekeeper = Housekeeper(drafts: services.posting.drafts, data: services.posting.data, sessions: services.sessions, logger: logger, now: services.now)
        return LiveServices(services: services, data: data, http: http, threads: [io, photos], housekeeping: Task { await housekeeper.run() })
    }

    /// The HTTP server for these services: the configured address, limits and threads,
    /// the security headers and the site's own error pages also on the responses the
    /// server makes itself. Call `start()` on it.
    public func makeServer() -> HTTPServer {
        let configuration = services.configuration
        var server = HTTPServerConfiguration(
            host: configuration.host,
            port: configuration.port,
            maxBodyBytes: configuration.maxBodyBytes,
            temporaryDirectory: data.temporary,
            connectionLimit: configuration.maxConnections,
            connectionTimeoutSeconds: configuration.connectionTimeoutSeconds,
            threadCount: configuration.threads,
            defaultHeaders: SecurityHeaders.all
        )
        server.trustedProxies = configuration.trustedProxies
        server.spoolLimitBytes = configuration.maxSpoolBytes
        server.errorPages = ErrorResponder(pages: services.pages, logger: services.logger).serverErrorPages(maxBodyBytes: configuration.maxBodyBytes)
        let logger = services.logger
        return HTTPServer(configuration: server, responder: Application(services: services)) { message in
            logger.warning("http server", ["detail": message])
        }
    }

    /// Stops the outbox worker, the outgoing HTTP clients, the database and the threads.
    public func shutdown() async {
        housekeeping.cancel()
        await services.posting.publisher.stop()
        await http.shutdown()
        await services.database.close()
        for pool in threads { pool.shutdown() }
    }
}
