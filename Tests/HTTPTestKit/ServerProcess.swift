import Foundation
import Glibc
import Synchronization
import TestKit

/// The real `grain-stories` binary (the debug build next to the tests) run as its own
/// process, so tests can do to it what happens to servers: SIGTERM, and SIGKILL at the
/// worst moment.
package final class ServerProcess: Sendable {
    /// What the server wrote to standard error, collected as it arrives.
    private final class Output: Sendable {
        let text = Mutex("")
    }

    private let process: Process
    private let output = Output()
    package let baseURL: String

    package static var binary: String { ProjectPaths.root + "/.build/debug/grain-stories" }
    /// The photo tool and worker (`grain-stories-photo`), built beside `binary`; the server
    /// finds it there by itself.
    package static var photoBinary: String { ProjectPaths.root + "/.build/debug/grain-stories-photo" }

    /// Starts `grain-stories serve` with `arguments` and `environment` (added to this
    /// process's, minus its `GRAIN_STORIES_*` variables, with activity off unless a test
    /// turns it on: tests reach nothing but loopback, so no public Jetstream). It is ready when it logs its
    /// address, or, with `readyPort` (for a server that logs no info lines), when that
    /// loopback port answers `/healthz`.
    package init(arguments: [String], environment: [String: String] = [:], readyPort: Int? = nil, timeout: Duration = .seconds(30)) throws {
        guard FileManager.default.isExecutableFile(atPath: ServerProcess.binary) else {
            throw BrowserTestError("\(ServerProcess.binary) is missing: build with `swift build --build-tests` first")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ServerProcess.binary)
        process.arguments = ["serve"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: ProjectPaths.root)
        process.environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("GRAIN_STORIES_") }
            .merging(["GRAIN_STORIES_ACTIVITY": "off"]) { _, given in given }
            .merging(environment) { _, given in given }
        let pipe = Pipe()
        process.standardError = pipe
        process.standardOutput = FileHandle.nullDevice
        let output = self.output
        pipe.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            if !data.isEmpty { output.text.withLock { $0 += String(decoding: data, as: UTF8.self) } }
        }
        try process.run()
        self.process = process
        let deadline = ContinuousClock.now + timeout
        var found: String?
        while ContinuousClock.now < deadline, process.isRunning {
            if let readyPort {
                if ServerProcess.answersHealthCheck(port: readyPort) {
                    found = "http://127.0.0.1:\(readyPort)"
                    break
                }
                // How often readiness is looked at, not a time relied on (bounded by `timeout`).
                Thread.sleep(forTimeInterval: 0.05)
                continue
            }
            let text = output.text.withLock { $0 }
            if let range = text.range(of: #"listening address=http://127\.0\.0\.1:\d+"#, options: .regularExpression) {
                found = String(text[range].dropFirst("listening address=".count))
                break
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        guard let found else {
            process.terminate()
            throw BrowserTestError("the server did not start: \(output.text.withLock { $0 })")
        }
        baseURL = found
    }

    /// A loopback port that was free a moment ago (for a server that must be told its port).
    package static func freeLoopbackPort() throws -> Int {
        try freeLoopbackPorts(1)[0]
    }

    /// `count` different loopback ports that were free a moment ago. All are held bound
    /// until the last is found: ports asked for one by one may come back the same, since
    /// the kernel may hand a just-released port out again.
    package static func freeLoopbackPorts(_ count: Int) throws -> [Int] {
        var bound: [(descriptor: Int32, port: Int)] = []
        defer { for socket in bound { Glibc.close(socket.descriptor) } }
        for _ in 0..<count {
            let socket = try TestSocket.bindLoopback(backlog: nil)
            bound.append((socket.descriptor, socket.port))
        }
        return bound.map(\.port)
    }

    private static func answersHealthCheck(port: Int) -> Bool {
        guard let connection = try? RawHTTPConnection(port: port, timeout: .seconds(2)) else { return false }
        defer { connection.close() }
        guard (try? connection.send("GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")) != nil else { return false }
        return (try? connection.readResponse())?.status == 200
    }

    /// Everything the server wrote to standard error so far.
    package var log: String { output.text.withLock { $0 } }

    /// SIGKILL: no chance to flush, drain or say goodbye.
    package func kill9() {
        Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// SIGTERM and the exit status.
    package func terminate() -> Int32 {
        process.terminate()
        process.waitUntilExit()
        return process.terminationStatus
    }

    deinit {
        if process.isRunning { Glibc.kill(process.processIdentifier, SIGKILL) }
    }
}
