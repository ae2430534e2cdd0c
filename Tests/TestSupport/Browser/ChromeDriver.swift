import Foundation
import Glibc
import Synchronization

/// A `chromedriver` process for browser tests, started on a free port. The test
/// command installs Debian's `chromium` and `chromium-driver`; if they are missing the
/// tests fail with a message saying so (they are never skipped).
public final class ChromeDriver: Sendable {
    public let port: Int
    private let process: Mutex<Process?>

    public static let chromiumBinary = "/usr/lib/chromium/chromium"

    public init() throws {
        guard let executable = ["/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver"].first(where: FileManager.default.isExecutableFile(atPath:)),
              FileManager.default.isExecutableFile(atPath: ChromeDriver.chromiumBinary)
        else {
            throw BrowserTestError("chromium and chromium-driver are not installed; run ./scripts/setup --tests")
        }
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
        guard let range = text.range(of: #"started successfully on port (\d+)"#, options: .regularExpression),
              let port = Int(text[range].split(separator: " ").last?.trimmingCharacters(in: .punctuationCharacters) ?? "")
        else {
            process.terminate()
            throw BrowserTestError("chromedriver did not start: \(text)")
        }
        self.port = port
        self.process = Mutex(process)
    }

    public func stop() {
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

/// Why a browser test could not proceed.
public struct BrowserTestError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
