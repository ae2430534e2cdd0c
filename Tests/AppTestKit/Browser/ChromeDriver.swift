import Foundation
import Glibc
import HTTPTestKit
import Synchronization

/// A `chromedriver` process for browser tests, started on a free port. The test
/// command installs Debian's `chromium` and `chromium-driver`; if they are missing the
/// tests fail with a message saying so (they are never skipped).
package final class ChromeDriver: BrowserDriver {
    package let port: Int
    package var engine: BrowserEngine { .chromium }
    private let process: Mutex<Process?>
    /// `TMPDIR` of chromedriver and the browsers it starts, removed by `stop()`. Each
    /// Chromium makes a directory there for its single-instance socket and leaves it
    /// behind when it does not exit cleanly; in the shared /tmp a whole test run used to
    /// leave about 150 of them.
    package let temporaryDirectory: String
    /// Command-line switches every browser of this driver gets besides the usual ones
    /// (a host name mapped to loopback, a test certificate to trust).
    private let extraArguments: [String]

    package static let chromiumBinary = "/usr/lib/chromium/chromium"

    /// `extraArguments`: switches added to every Chromium this driver starts.
    package init(extraArguments: [String] = []) throws {
        self.extraArguments = extraArguments
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
        // A short name: Chromium's socket goes two levels below it, and a Unix socket's
        // path may have at most 107 bytes (with a UUID in the name, Chromium could not start).
        var template = Array((NSTemporaryDirectory() + "gs-chromium.XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw BrowserTestError("could not make a temporary directory for chromedriver: \(String(cString: strerror(errno)))")
        }
        let temporaryDirectory = String(cString: made)
        self.temporaryDirectory = temporaryDirectory
        var lastOutput = ""
        for _ in 0..<5 {
            let (process, text) = try Self.launch(executable, temporaryDirectory: temporaryDirectory)
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
        try? FileManager.default.removeItem(atPath: temporaryDirectory)
        throw BrowserTestError("chromedriver did not start: \(lastOutput)")
    }

    /// Starts chromedriver on a port of its choosing and reads its output until it says
    /// it started, it exits, or 15 s pass.
    private static func launch(_ executable: String, temporaryDirectory: String) throws -> (Process, String) {
        try OutputReadingLaunch.start(executable, ["--port=0"], environment: ["TMPDIR": temporaryDirectory]) {
            $0.contains("started successfully on port")
        }
    }

    /// Headless Chromium emulating `screen` (touch and a dense display on the phone).
    /// Reduced motion and the dark scheme are set after the session starts, through
    /// DevTools (`WebDriver.start`).
    package func capabilities(screen: BrowserScreen, reducedMotion: Bool, dark: Bool) -> [String: WebDriverJSON] {
        [
            "browserName": "chrome",
            "goog:chromeOptions": [
                "binary": .string(ChromeDriver.chromiumBinary),
                "args": .array(
                    [
                        "--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--no-first-run",
                        "--disable-background-networking", "--disable-component-update", "--disable-sync", "--mute-audio",
                    ].map(WebDriverJSON.string) + extraArguments.map(WebDriverJSON.string)),
                "mobileEmulation": ["deviceMetrics": screen.deviceMetrics],
            ],
            "goog:loggingPrefs": ["browser": "ALL"],
        ]
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
        try? FileManager.default.removeItem(atPath: temporaryDirectory)
    }

    deinit { stop() }
}
