import Foundation
import HTTPTestKit
import TestKit

/// A real reverse proxy (nginx or Caddy, from Debian) run in the foreground with a
/// configuration written for the test, everything it writes (pid, logs, certificates,
/// temporary files) kept in its own directory, for testing docs/self-hosting.md's reverse-proxy
/// configurations end to end. See `ProxyDaemon.nginx` and `ProxyDaemon.caddy`.
package final class ProxyDaemon: Sendable {
    private let process: Process
    /// Where the configuration, logs and temporary files are.
    package let directory: String
    /// The file the proxy writes its complaints to.
    private let logFile: String

    /// Starts `executable arguments…` and waits until every port in `ports` accepts
    /// connections and `isReady` holds for the log's text.
    init(
        executable: String, arguments: [String], environment: [String: String] = [:], directory: String, logFile: String,
        ports: [Int], timeout: Duration = .seconds(20), isReady: @escaping (String) -> Bool = { _ in true }
    ) throws {
        self.directory = directory
        self.logFile = logFile
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, given in given }
        process.standardOutput = FileHandle.nullDevice
        let log = try FileHandle(forWritingTo: URL(fileURLWithPath: logFile))
        process.standardError = log
        try process.run()
        self.process = process
        var waiting = ports
        // A daemon that exited will not get ready: stop looking at once.
        _ = eventuallyBlocking(within: timeout, checkingEvery: .milliseconds(50)) {
            guard process.isRunning else { return true }
            waiting.removeAll { port in (try? RawHTTPConnection(port: port, timeout: .seconds(1))).map { $0.close() } != nil }
            return waiting.isEmpty && isReady(errorLog)
        }
        guard waiting.isEmpty, isReady(errorLog) else {
            stop()
            throw BrowserTestError("\(executable) did not get ready (ports still closed: \(waiting)): \(errorLog)")
        }
    }

    /// What the proxy logged (its complaints, and upstream failures such as 502s).
    package var errorLog: String { (try? String(contentsOfFile: logFile, encoding: .utf8)) ?? "" }

    /// SIGTERM (a graceful stop for both), then removes its directory.
    package func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// A test that failed before `stop()`: SIGTERM, not SIGKILL, because nginx's workers
    /// outlive a killed master.
    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }
}
