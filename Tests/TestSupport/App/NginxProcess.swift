import Foundation
import Glibc

/// The real nginx (Debian's `nginx-light`) run in the foreground with server blocks
/// given as text, everything it writes (pid, logs, temporary files) kept in its own
/// directory, for testing the README's reverse-proxy configuration end to end.
public final class NginxProcess: Sendable {
    public static let binary = "/usr/sbin/nginx"

    private let process: Process
    /// Where the configuration, logs and temporary files are.
    public let directory: String

    /// Writes `serverBlocks` into a minimal `http {}` configuration, checks it with
    /// `nginx -t`, starts nginx and waits until every port in `ports` accepts connections.
    public init(serverBlocks: String, ports: [Int], timeout: Duration = .seconds(20)) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.binary) else {
            throw BrowserTestError("\(Self.binary) is missing: run scripts/setup --tests (Debian's nginx-light)")
        }
        let directory = ProjectPaths.temporaryDirectory("nginx")
        self.directory = directory
        // Run as root, nginx would hand its workers to `nobody`, who cannot use this directory.
        let user = geteuid() == 0 ? "user root;\n" : ""
        let configuration = """
            \(user)pid \(directory)/nginx.pid;
            events { worker_connections 512; }
            http {
                access_log \(directory)/access.log;
                error_log \(directory)/error.log;
                client_body_temp_path \(directory)/body;
                proxy_temp_path \(directory)/proxy;
                fastcgi_temp_path \(directory)/fastcgi;
                uwsgi_temp_path \(directory)/uwsgi;
                scgi_temp_path \(directory)/scgi;
            \(serverBlocks)
            }
            """
        try configuration.write(toFile: directory + "/nginx.conf", atomically: true, encoding: .utf8)
        let common = ["-p", directory, "-e", directory + "/error.log", "-c", directory + "/nginx.conf"]
        let check = try CommandRun(["-t"] + common, executable: Self.binary)
        guard check.status == 0 else { throw BrowserTestError("nginx -t refused the configuration: \(check.error)\n\(configuration)") }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = common + ["-g", "daemon off;"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        self.process = process
        let deadline = ContinuousClock.now + timeout
        var waiting = ports
        while !waiting.isEmpty, ContinuousClock.now < deadline, process.isRunning {
            waiting.removeAll { port in (try? RawHTTPConnection(port: port, timeout: .seconds(1))).map { $0.close() } != nil }
            // How often readiness is looked at, not a time relied on (bounded by `timeout`).
            if !waiting.isEmpty { Thread.sleep(forTimeInterval: 0.05) }
        }
        guard waiting.isEmpty else {
            stop()
            throw BrowserTestError("nginx did not listen on \(waiting): \(errorLog)")
        }
    }

    /// nginx's own error log (its complaints, and upstream failures such as 502s).
    public var errorLog: String { (try? String(contentsOfFile: directory + "/error.log", encoding: .utf8)) ?? "" }

    /// SIGTERM (nginx's fast shutdown), then removes its directory.
    public func stop() {
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
