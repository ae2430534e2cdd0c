import Foundation
import Glibc
import Synchronization

/// The real `grain-stories` binary (the debug build next to the tests) run as its own
/// process, so tests can do to it what happens to servers: SIGTERM, and SIGKILL at the
/// worst moment.
public final class ServerProcess: Sendable {
    /// What the server wrote to standard error, collected as it arrives.
    private final class Output: Sendable {
        let text = Mutex("")
    }

    private let process: Process
    private let output = Output()
    public let baseURL: String

    public static var binary: String { ProjectPaths.root + "/.build/debug/grain-stories" }

    public init(arguments: [String], timeout: Duration = .seconds(30)) throws {
        guard FileManager.default.isExecutableFile(atPath: ServerProcess.binary) else {
            throw BrowserTestError("\(ServerProcess.binary) is missing: build with `swift build --build-tests` first")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ServerProcess.binary)
        process.arguments = ["serve"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: ProjectPaths.root)
        process.environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("GRAIN_STORIES_") }
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

    /// Everything the server wrote to standard error so far.
    public var log: String { output.text.withLock { $0 } }

    /// SIGKILL: no chance to flush, drain or say goodbye.
    public func kill9() {
        Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// SIGTERM and the exit status.
    public func terminate() -> Int32 {
        process.terminate()
        process.waitUntilExit()
        return process.terminationStatus
    }

    deinit {
        if process.isRunning { Glibc.kill(process.processIdentifier, SIGKILL) }
    }
}
