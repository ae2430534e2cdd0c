import Foundation
import Glibc
import HTTPTestKit
import Synchronization
import TestKit

/// `WebKitWebDriver` (WebKitGTK's WebDriver server) for browser tests, with an Xvfb of
/// its own on a free display, both stopped by `stop()`: the tests need no display and
/// no manual step. The browser it automates is webkit-browser.py beside this file (a
/// WebKitGTK web view; Debian's Epiphany crashes under automation). The test command
/// installs `webkit2gtk-driver`, `xvfb`, `python3-gi` and `gir1.2-webkit2-4.1`; if they
/// are missing the tests fail with a message saying so (they are never skipped).
package final class WebKitDriver: BrowserDriver {
    package let port: Int
    package var engine: BrowserEngine { .webkit }
    private let processes: Mutex<[Process]>

    static let driverBinary = "/usr/bin/WebKitWebDriver"
    static let xvfbBinary = "/usr/bin/Xvfb"
    static let python = "/usr/bin/python3"
    /// What `gir1.2-webkit2-4.1` installs: WebKitGTK for Python (with `python3-gi`).
    static let typelib = "/usr/lib/x86_64-linux-gnu/girepository-1.0/WebKit2-4.1.typelib"
    static let browserScript = ProjectPaths.root + "/Tests/AppTestKit/Browser/webkit-browser.py"

    private init(port: Int, processes: [Process]) {
        self.port = port
        self.processes = Mutex(processes)
    }

    package static func start() async throws -> WebKitDriver {
        guard [driverBinary, xvfbBinary, python].allSatisfy(FileManager.default.isExecutableFile(atPath:)), FileManager.default.fileExists(atPath: typelib)
        else {
            throw BrowserTestError("webkit2gtk-driver, xvfb, python3-gi or gir1.2-webkit2-4.1 is not installed; run ./scripts/setup --tests")
        }
        let (xvfb, display) = try startXvfb()
        // WebKitWebDriver takes a port and does not say when it listens: a free port is
        // chosen by binding and releasing it, which another process may take in between;
        // a start that lost that race is tried again, a bounded number of times.
        var lastError = "no attempt"
        for _ in 0..<5 {
            let port = try RefusingPort().port
            let driver = Process()
            driver.executableURL = URL(fileURLWithPath: driverBinary)
            driver.arguments = ["--port=\(port)"]
            driver.environment = ProcessInfo.processInfo.environment.merging(["DISPLAY": ":\(display)"]) { _, given in given }
            driver.standardOutput = FileHandle.nullDevice
            driver.standardError = FileHandle.nullDevice
            try driver.run()
            if await answers(port: port, while: driver) { return WebKitDriver(port: port, processes: [driver, xvfb]) }
            if driver.isRunning { kill(driver.processIdentifier, SIGKILL) }
            driver.waitUntilExit()
            lastError = "WebKitWebDriver exited with status \(driver.terminationStatus) on port \(port)"
        }
        kill(xvfb.processIdentifier, SIGKILL)
        xvfb.waitUntilExit()
        throw BrowserTestError("WebKitWebDriver did not start: \(lastError)")
    }

    /// Starts Xvfb on a display it picks itself (`-displayfd`), large enough for every
    /// `BrowserScreen`, and waits until it names the display, which it does once ready.
    private static func startXvfb() throws -> (Process, Int) {
        let (process, text) = try OutputReadingLaunch.start(xvfbBinary, ["-displayfd", "1", "-screen", "0", "3840x2160x24", "-nolisten", "tcp"]) {
            $0.contains("\n")
        }
        guard let display = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            throw BrowserTestError("Xvfb did not start: \(text)")
        }
        return (process, display)
    }

    /// Whether the driver answers `/status` on `port` within 15 s, while it runs.
    private static func answers(port: Int, while process: Process) async -> Bool {
        await eventually(within: .seconds(15), checkingEvery: .milliseconds(50)) {
            guard process.isRunning else { return true }
            return (try? await WebDriver.status(port: port)) != nil
        } && process.isRunning
    }

    /// WebKitGTK shows `screen` as a window of its size (there is no device emulation:
    /// the phone is a 390 px window with a fine pointer and a pixel ratio of 1), and
    /// takes reduced motion and the dark scheme from GTK's settings, which the browser
    /// script sets at launch.
    package func capabilities(screen: BrowserScreen, reducedMotion: Bool, dark: Bool) -> [String: WebDriverJSON] {
        var args: [WebDriverJSON] = [.string(Self.browserScript), .string("--width=\(screen.width)"), .string("--height=\(screen.height)")]
        if reducedMotion { args.append("--reduced-motion") }
        if dark { args.append("--dark") }
        // "none": WebKitWebDriver holds every command while the page still loads
        // anything, so `WebDriver.navigate` waits for the parsed document itself.
        return ["webkitgtk:browserOptions": ["binary": .string(Self.python), "args": .array(args)], "pageLoadStrategy": "none"]
    }

    package func stop() {
        processes.withLock { processes in
            // The driver first, then the display: a browser left behind dies with its X
            // server. SIGKILL, as processes started from the test's threads may inherit
            // a signal mask that blocks SIGTERM, and neither holds state worth a clean exit.
            for process in processes where process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
            }
            processes = []
        }
    }

    deinit { stop() }
}
