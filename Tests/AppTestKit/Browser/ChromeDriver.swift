import Foundation
import Glibc
import HTTPTestKit
import Synchronization

/// A `chromedriver` process for browser tests, started on a free port. The test
/// command installs Debian's `chromium` and `chromium-driver`; if they are missing the
/// tests fail with a message saying so (they are never skipped).
package final class ChromeDriver: Sendable {
    package let port: Int
    private let process: Mutex<Process?>

    package static let chromiumBinary = "/usr/lib/chromium/chromium"

    package init() throws {
        guard let executable = ["/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver"].first(where: FileManager.default.isExecutableFile(atPath:)),
            FileManager.default.isExecutableFile(atPath: ChromeDriver.chromiumBinary)
        else {
            throw BrowserTestError("chromium and chromium-driver are not installed; run ./scripts/setup --tests")
        }
        // With --port=0 chromedriver picks a free port by binding and closing it, then
        // binds it again; another process (the suite's own servers bind port 0 all the
        // time) can take it in between, and chromedriver exits with "IPv4 port not
        // available". That race is chromedriver's, so a start that lost it is simply
        // tried again, a bounded number of times; any other failure is reported at once.
        var lastOutput = ""
        for _ in 0..<5 {
            let (process, text) = try Self.launch(executable)
            if let range = text.range(of: #"started successfully on port (\d+)"#, options: .regularExpression),
                let port = Int(text[range].split(separator: " ").last?.trimmingCharacters(in: .punctuationCharacters) ?? "")
            {
                self.port = port
                self.process = Mutex(process)
                return
            }
            if process.isRunning { process.terminate() }
            lastOutput = text
            guard text.contains("port not available") else { break }
        }
        throw BrowserTestError("chromedriver did not start: \(lastOutput)")
    }

    /// Starts chromedriver on a port of its choosing and reads its output until it says
    /// it started, it exits, or 15 s pass.
    private static func launch(_ executable: String) throws -> (Process, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--port=0"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var text = ""
        let deadline = Date().addingTimeInterval(15)
        while Date() < deadline, !text.contains("started successfully on port") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty {
                // An empty read is end of file only once the process has gone.
                guard process.isRunning else { break }
                Thread.sleep(forTimeInterval: 0.05)
                continue
            }
            text += String(decoding: chunk, as: UTF8.self)
        }
        return (process, text)
    }

    package func stop() {
        process.withLock { process in
            // chromedriver does not always exit on SIGTERM; it holds no state worth a clean exit.
            if let running = process, running.isRunning {
                kill(running.processIdentifier, SIGKILL)
                running.waitUntilExit()
            }
            process = nil
        }
    }

    deinit { stop() }
}
