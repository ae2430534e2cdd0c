import AppStorage
import Posting
public import Foundation
public import GrainStoriesCore
public import MicroHTTPServer
import WorkerThreads
import ATProto
import Geocoding
import GrainSupport
import Viewing

/// The whole application without a socket: real templates (strict) and static files,
/// a fake story library, a temporary data directory, and whatever `configure` changes
/// in the configuration. `respond` calls the same responder the server uses.
public final class AppHarness: Sendable {
    public let library: FakeStoryLibrary
    public let application: Application
    public let services: AppServices
    public let logs = LogCapture()
    public let dataDirectory: String
    private let http: OutboundHTTP
    private let io = WorkerThreadPool(name: "test-io", threadCount: 1)
    /// Two photo threads, as in production, so tests can hold one with a large job.
    private let photos = WorkerThreadPool(name: "test-photos", threadCount: 2)

    /// The fixtures' "now": 2026-09-04T18:00Z.
    public static let fixtureNow = Date(timeIntervalSince1970: 1_788_544_800)

    public init(
        library: FakeStoryLibrary = .fixtureScenario(), now: Date = AppHarness.fixtureNow, insecureHosts: Set<String> = ["127.0.0.1"],
        nominatimURL: String? = nil, configure: (inout AppConfiguration) -> Void = { _ in }
    ) async throws {
        self.library = library
        dataDirectory = ProjectPaths.temporaryDirectory("app")
        var configuration = AppConfiguration()
        configuration.templatesDirectory = ProjectPaths.templates
        configuration.publicDirectory = ProjectPaths.publicFiles
        configuration.strictTemplates = true
        configuration.dataDirectory = dataDirectory
        configuration.insecureHosts = insecureHosts
        configure(&configuration)
        let logger = logs.logger()
        let secret = Array(repeating: UInt8(42), count: 32)
        let pages = try AppServices.loadPages(configuration: configuration, secret: secret, logger: logger)
        http = OutboundHTTP(userAgent: "GrainStoriesTests", insecureHosts: insecureHosts)
        let data = try DataDirectory.prepare(dataDirectory)
        let media = try MediaCache(directory: data.media, maxBytes: 1 << 20, http: http, io: io)
        let database = try await AppDatabase.open(at: data.database)
        services = AppServices(
            configuration: configuration, logger: logger, pages: pages, baseLibrary: library,
            signer: MediaURLSigner(key: secret, insecureHosts: insecureHosts),
            media: media, database: database, http: http, identity: IdentityResolver.live(configuration: configuration, http: http),
            geocoder: NominatimClient(baseURL: nominatimURL, operatorContact: "tests@example.org", http: http, logger: logger),
            secret: secret, photoThreads: photos, fileThreads: io, data: data, now: { now }
        )
        application = Application(services: services)
    }

    /// Sends a request through the application.
    public func respond(_ target: String, headers: [(String, String)] = []) async -> HTTPResponse {
        await respond(.get, target, headers: headers)
    }

    /// Sends a request through the application, as if from `remoteAddress`.
    public func respond(
        _ method: HTTPMethod, _ target: String, headers: [(String, String)] = [], body: [UInt8]? = nil, remoteAddress: String = ""
    ) async -> HTTPResponse {
        var request = HTTPRequest(method: method, target: target, headers: HTTPHeaders(headers))
        if let body { request.body = .memory(body) }
        request.remoteAddress = remoteAddress
        request.clientAddress = remoteAddress
        return await application.respond(to: request)
    }

    /// Call when done: stops the outgoing HTTP clients.
    public func shutdown() async {
        await services.posting.publisher.stop()
        await http.shutdown()
        await services.database.close()
        io.shutdown()
        photos.shutdown()
        try? FileManager.default.removeItem(atPath: dataDirectory)
    }
}

extension HTTPResponse {
    /// The body as text (tests).
    public var text: String {
        switch body {
        case .bytes(let bytes): String(decoding: bytes, as: UTF8.self)
        case .file(let path, _): (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        case .empty: ""
        }
    }
}
