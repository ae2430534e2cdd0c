import ATProto
import ATProtoTestKit
package import FeatureTestKit
package import Foundation
import Geocoding
package import GrainStoriesWeb
import GrainSupport
import HTTPTestKit
package import LoggingTestKit
package import MicroHTTPServer
import Posting
import Social
import TestKit
import Viewing
import WorkerThreads

/// The whole application without a socket, built by the composition root
/// (`GrainStoriesApp.build`, as `serve` builds it): real templates (strict) and static
/// files, a temporary data directory, and for edges a fake story library, a fixed clock,
/// the live PDS, identity (against `TestIdentityDirectory`) and Nominatim clients
/// (pointed wherever a test says) unless
/// `edges` replaces them, and whatever `configure` changes in the configuration. Background
/// work is not started: tests run the publisher themselves (`posting.publisher.runDue()`).
/// `respond` calls the same responder the server uses.
package final class AppHarness: ComposedApp, Sendable {
    package let library: FakeStoryLibrary
    /// The built application, for tests that look inside (drafts, the publisher, pages).
    package let root: GrainStoriesApp
    package let logs = LogCapture()
    package let dataDirectory: String

    /// The fixtures' "now": 2026-09-04T18:00Z.
    package static let fixtureNow = Date(timeIntervalSince1970: 1_788_544_800)

    package init(
        library: FakeStoryLibrary = .fixtureScenario(), now: Date = AppHarness.fixtureNow, insecureHosts: Set<String> = ["127.0.0.1"],
        nominatimURL: String? = nil, configure: (inout AppConfiguration) -> Void = { _ in },
        edges: (inout GrainStoriesApp.Edges) -> Void = { _ in }
    ) async throws {
        self.library = library
        dataDirectory = ProjectPaths.temporaryDirectory("app")
        var configuration = AppConfiguration()
        configuration.templatesDirectory = ProjectPaths.templates
        configuration.publicDirectory = ProjectPaths.publicFiles
        configuration.strictTemplates = true
        configuration.dataDirectory = dataDirectory
        configuration.insecureHosts = insecureHosts
        configuration.nominatimURL = nominatimURL
        configuration.operatorContact = "tests@example.org"
        configuration.mediaCacheBytes = 1 << 20
        let directory = TestIdentityDirectory.shared
        configuration.plcURL = directory.plcURL
        configuration.handleResolverURL = directory.resolverURL
        // Photos are prepared by the real executable in a child process, as `serve` does.
        configuration.photoWorkerExecutable = ServerProcess.photoBinary
        // Tests reach nothing but loopback: activity only where a test gives a Jetstream stand-in.
        configuration.activity = false
        configure(&configuration)
        let logger = logs.logger()
        let http = OutboundHTTP(userAgent: "GrainStoriesTests", insecureHosts: configuration.insecureHosts)
        var chosen = GrainStoriesApp.Edges.live(configuration: configuration, logger: logger, http: http)
        // Accounts are resolved and verified for real, against the test identity directory.
        chosen.identity = directory.resolver(http: http, trustedPDSes: configuration.trustedPDSes)
        chosen.stories = library
        // The live comment client would ask the configured AppView (grain.social); tests
        // about comments give the stand-in AppView's through `edges`.
        chosen.comments = NoCommentThreads()
        // Likewise for @mention suggestions: tests about them give the stand-ins' search.
        chosen.actorSearch = nil
        chosen.now = { now }
        edges(&chosen)
        let data = try DataDirectory.prepare(dataDirectory)
        root = try await GrainStoriesApp.build(configuration: configuration, data: data, logger: logger, edges: chosen)
    }

    /// Sends a request through the application.
    package func respond(_ target: String, headers: [(String, String)] = []) async -> HTTPResponse {
        await respond(.get, target, headers: headers)
    }

    /// Sends a request through the application, as if from `remoteAddress`.
    package func respond(
        _ method: HTTPMethod, _ target: String, headers: [(String, String)] = [], body: [UInt8]? = nil, remoteAddress: String = ""
    ) async -> HTTPResponse {
        var request = HTTPRequest(method: method, target: target, headers: HTTPHeaders(headers))
        if let body { request.body = .memory(body) }
        request.remoteAddress = remoteAddress
        request.clientAddress = remoteAddress
        return await application.respond(to: request)
    }

    /// Call when done: stops the application and removes its data directory.
    package func shutdown() async {
        await root.shutdown()
        try? FileManager.default.removeItem(atPath: dataDirectory)
    }
}

extension HTTPResponse {
    /// The body as text (tests).
    package var text: String {
        switch body {
        case .bytes(let bytes): String(decoding: bytes, as: UTF8.self)
        case .file(let path, _): (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        case .fileRange(let path, let offset, let length):
            (FileManager.default.contents(atPath: path).map { String(decoding: $0.dropFirst(offset).prefix(length), as: UTF8.self) }) ?? ""
        case .empty: ""
        }
    }
}
