import Foundation
import WorkerThreads

/// The production wiring: real HTTP clients, the AppView, the on-disk caches. Owns what
/// must be shut down when the server stops.
public struct LiveServices: Sendable {
    public let services: AppServices
    private let http: OutboundHTTP
    private let io: WorkerThreadPool

    public static func start(configuration: AppConfiguration, data: DataDirectory, logger: Logger) async throws(ConfigurationError) -> LiveServices {
        let secret = try ServerSecret.loadOrCreate(in: data.root)
        let pages = try AppServices.loadPages(configuration: configuration, secret: secret, logger: logger)
        let http = OutboundHTTP(
            userAgent: "GrainStories/\(GrainStoriesVersion.current) (self-hosted; +https://github.com/grainstories)",
            insecureHosts: configuration.insecureHosts
        )
        let io = WorkerThreadPool(name: "io", threadCount: 2)
        let library = AppViewStoryLibrary(client: AppViewClient(
            xrpc: XRPCClient(baseURL: configuration.appViewURL, http: http),
            timeout: .seconds(configuration.appViewTimeoutSeconds)
        ))
        let signer = MediaURLSigner(key: HMAC.sha256(key: secret, message: Array("media".utf8)), insecureHosts: configuration.insecureHosts)
        let media = try MediaCache(directory: data.root + "/media", maxBytes: configuration.mediaCacheBytes, http: http, io: io)
        let database = try await AppDatabase.open(in: data.root)
        let services = AppServices(
            configuration: configuration, logger: logger, pages: pages, library: library, signer: signer, media: media,
            database: database, http: http, identity: PDSAddressIdentity(http: http)
        )
        return LiveServices(services: services, http: http, io: io)
    }

    /// Stops the outgoing HTTP clients and worker threads.
    public func shutdown() async {
        await http.shutdown()
        await services.database.close()
        io.shutdown()
    }
}
