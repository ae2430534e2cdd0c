import Foundation
import HTTPTestKit
import MicroHTTPServer
import Synchronization
import TestKit

/// A server on 127.0.0.1 and a kernel-chosen port for one test, with a private temporary
/// directory and a log that tests can inspect.
final class LiveServer: Sendable {
    let server: HTTPServer
    let temporaryDirectory: String
    private let recorder = LogRecorder()

    var port: Int { server.port }
    var logs: [String] { recorder.lines }

    /// Test defaults: small limits so limit tests need little data, two threads.
    static func configuration(
        maxBodyBytes: Int = 64 * 1024,
        memoryBodyLimit: Int = 8 * 1024,
        connectionTimeoutSeconds: Int = 10,
        defaultHeaders: [(String, String)] = []
    ) -> HTTPServerConfiguration {
        HTTPServerConfiguration(
            host: "127.0.0.1", port: 0,
            maxBodyBytes: maxBodyBytes, memoryBodyLimit: memoryBodyLimit,
            connectionTimeoutSeconds: connectionTimeoutSeconds, threadCount: 2,
            defaultHeaders: defaultHeaders
        )
    }

    init(
        _ configuration: HTTPServerConfiguration = LiveServer.configuration(),
        admit: @escaping @Sendable (HTTPRequest) -> BodyAdmission = { _ in .accept(maxBytes: .max, timeLimit: .seconds(300)) },
        immediate: @escaping @Sendable (HTTPRequest) -> HTTPResponse? = { _ in nil },
        responder: @escaping @Sendable (HTTPRequest) async -> HTTPResponse
    ) throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("microhttp-tests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        temporaryDirectory = directory
        var configuration = configuration
        configuration.temporaryDirectory = directory
        let recorder = self.recorder
        server = HTTPServer(configuration: configuration, responder: ClosureResponder(admit: admit, immediate: immediate, responder)) { line in
            recorder.append(line)
        }
        try server.start()
    }

    /// Shuts the server down and removes its temporary directory.
    func stop(gracePeriod: Duration = .seconds(5)) async {
        await server.shutdown(gracePeriod: gracePeriod)
        try? FileManager.default.removeItem(atPath: temporaryDirectory)
    }

    /// Files currently in the server's temporary directory. Throws if it cannot be
    /// listed, so "no files left" never passes on a directory that is not there.
    func temporaryFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: temporaryDirectory)
    }

    /// The bytes in all spilled bodies on disk now: what the spool holds.
    func spooledBytes() throws -> Int {
        try temporaryFiles().reduce(0) { total, name in
            let attributes = try FileManager.default.attributesOfItem(atPath: temporaryDirectory + "/" + name)
            return total + ((attributes[.size] as? Int) ?? 0)
        }
    }

    /// Opens a connection, sends `request` and reads one response, off the cooperative pool.
    func exchange(_ request: String, isHeadRequest: Bool = false, timeout: Duration = .seconds(5)) async throws -> RawHTTPResponse {
        let port = self.port
        return try await runOnDedicatedThread {
            let connection = try RawHTTPConnection(port: port, timeout: timeout)
            try connection.send(request)
            return try connection.readResponse(isHeadRequest: isHeadRequest)
        }
    }
}

/// Collects the server's log lines.
final class LogRecorder: Sendable {
    private let storage = Mutex<[String]>([])
    var lines: [String] { storage.withLock { $0 } }
    func append(_ line: String) { storage.withLock { $0.append(line) } }
}

/// Runs `body` against a fresh live server and always shuts it down.
func withLiveServer(
    _ configuration: HTTPServerConfiguration = LiveServer.configuration(),
    immediate: @escaping @Sendable (HTTPRequest) -> HTTPResponse? = { _ in nil },
    responder: @escaping @Sendable (HTTPRequest) async -> HTTPResponse,
    _ body: (LiveServer) async throws -> Void
) async throws {
    let live = try LiveServer(configuration, immediate: immediate, responder: responder)
    do {
        try await body(live)
    } catch {
        await live.stop()
        throw error
    }
    await live.stop()
}

/// A GET request for `target` with the given extra header lines.
func get(_ target: String, _ headerLines: String = "") -> String {
    "GET \(target) HTTP/1.1\r\nHost: test\r\n\(headerLines)\r\n"
}
