import ATProtoTestKit
package import CurlHTTPClient
import Foundation
package import GrainStoriesWeb
import GrainSupport
import HTTPTestKit
package import LoggingTestKit
package import MicroHTTPServer
import Synchronization
package import TestKit

/// The whole server as production runs it (`GrainStoriesApp` over the live edges, with
/// its background work, the libmicrohttpd server on 127.0.0.1 port 0), pointed at
/// stand-ins (identity: the `TestIdentityDirectory`'s PLC directory and handle resolver,
/// unless `configure` says otherwise), plus a real HTTP client to talk to it.
package final class LiveApp: ComposedApp, Sendable {
    package let server: HTTPServer
    package let root: GrainStoriesApp
    package let client: HTTPClient
    package let logs: LogCapture
    package let configuration: AppConfiguration
    /// The application's clock, kept for `restarted()`.
    private let now: @Sendable () -> Date
    private let stopped = Mutex(false)

    package var baseURL: String { "http://127.0.0.1:\(server.port)" }

    /// `clock`, the application's clock (the wall clock unless a test moves it). Not a
    /// closure: the trailing closure of every call is `configure`.
    package static func start(
        appViewURL: String, clock: MovableClock? = nil, _ configure: (inout AppConfiguration) -> Void = { _ in }
    ) async throws -> LiveApp {
        var configuration = AppConfiguration()
        configuration.host = "127.0.0.1"
        configuration.port = 0
        configuration.appViewURL = appViewURL
        configuration.appViewTimeoutSeconds = 2
        configuration.insecureHosts = ["127.0.0.1"]
        configuration.templatesDirectory = ProjectPaths.templates
        configuration.publicDirectory = ProjectPaths.publicFiles
        configuration.strictTemplates = true
        configuration.dataDirectory = ProjectPaths.temporaryDirectory("live")
        configuration.plcURL = TestIdentityDirectory.shared.plcURL
        configuration.handleResolverURL = TestIdentityDirectory.shared.resolverURL
        configuration.photoWorkerExecutable = ServerProcess.photoBinary
        // Tests reach nothing but loopback: activity only where a test gives a Jetstream stand-in.
        configuration.activity = false
        configure(&configuration)
        return try await LiveApp(configuration: configuration, now: clock?.clock ?? Date.init)
    }

    init(configuration: AppConfiguration, now: @escaping @Sendable () -> Date = Date.init) async throws {
        self.configuration = configuration
        self.now = now
        let logs = LogCapture()
        self.logs = logs
        let data = try DataDirectory.prepare(configuration.dataDirectory)
        let logger = logs.logger(level: .info)
        root = try await GrainStoriesApp.build(
            configuration: configuration, data: data, logger: logger, edges: .live(configuration: configuration, logger: logger, now: now))
        await root.startBackgroundWork()
        server = root.makeServer()
        do {
            try server.start()
        } catch {
            // Nothing may outlive a start that failed (a retry on another port follows).
            await root.shutdown()
            try? FileManager.default.removeItem(atPath: configuration.dataDirectory)
            throw error
        }
        client = HTTPClient(configuration: HTTPClientConfiguration(userAgent: "GrainStoriesTests", totalTimeout: .seconds(10)))
    }

    /// A GET (or other method) against the running server.
    package func request(_ path: String, headers: [(String, String)] = []) async throws -> HTTPClientResponse {
        try await request("GET", path, headers: headers)
    }

    package func request(_ method: String, _ path: String, headers: [(String, String)] = [], body: [UInt8]? = nil) async throws -> HTTPClientResponse {
        try await client.execute(HTTPClientRequest(method: method, url: baseURL + path, headers: HTTPHeaders(headers), body: body.map { .bytes($0) }))
    }

    package func stop() async {
        await stop(keepingData: false)
    }

    /// Stops serving and the application; its data directory stays for `restarted()`.
    private func stop(keepingData: Bool) async {
        guard
            !stopped.withLock({ was in
                defer { was = true }
                return was
            })
        else { return }
        await server.shutdown(gracePeriod: .seconds(5))
        await root.shutdown()
        await client.shutdown()
        if !keepingData { try? FileManager.default.removeItem(atPath: configuration.dataDirectory) }
    }

    /// The server restarted: this one stops (its data kept) and a new one starts with the
    /// same configuration, address and data directory, as `serve` would after a restart.
    /// For an app at a known port (`startAtKnownAddress`). The old app must not be used
    /// again; stopping it again does nothing.
    package func restarted(between: () async throws -> Void = {}) async throws -> LiveApp {
        await stop(keepingData: true)
        try await between()
        // The listening port may still be held for a moment after the old server closed it:
        // try again until it is free (the condition), for at most 5 s.
        var restarted: LiveApp?
        var lastError: (any Error)?
        _ = try await eventually(within: .seconds(5), checkingEvery: .milliseconds(50)) {
            do {
                restarted = try await LiveApp(configuration: configuration, now: now)
                return true
            } catch let error as HTTPServerError where error.code == .startFailed {
                lastError = error
                return false
            }
        }
        guard let restarted else { throw lastError ?? HTTPServerError(.startFailed, "the restarted server could not start") }
        return restarted
    }
}

extension HTTPClientResponse {
    package var text: String { String(decoding: body, as: UTF8.self) }
}
