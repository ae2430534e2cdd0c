import CurlHTTPClient
import Foundation
import HTTPTestKit

/// A W3C WebDriver session with a browser showing one `BrowserScreen`: headless Chromium
/// (touch-enabled on the phone, plus Chrome DevTools commands through chromedriver) or
/// WebKitGTK under Xvfb (`WebKitDriver`).
package final class WebDriver: Sendable {
    package let sessionID: String
    /// The engine behind the session: WebKit's gestures are mouse ones, and its console
    /// is read from the page (see `consoleEntries`).
    package let engine: BrowserEngine
    private let base: String
    private let client: HTTPClient

    /// A session showing `screen`, with reduced motion and the dark scheme if asked for
    /// (in Chromium both can be changed later, see `emulateMedia`; WebKitGTK takes them
    /// from GTK's settings at launch).
    package static func start(
        _ driver: any BrowserDriver, reducedMotion: Bool = false, dark: Bool = false, screen: BrowserScreen = .phone
    ) async throws
        -> WebDriver
    {
        let client = HTTPClient(configuration: HTTPClientConfiguration(userAgent: "webdriver-test", totalTimeout: .seconds(60)))
        let base = "http://127.0.0.1:\(driver.port)"
        var wanted = driver.capabilities(screen: screen, reducedMotion: reducedMotion, dark: dark)
        // Navigation returns at DOMContentLoaded, so tests can watch images still arriving
        // (WebKit asks for "none" and waits for that itself, see `navigate`).
        wanted["pageLoadStrategy"] = wanted["pageLoadStrategy"] ?? "eager"
        // Scripts that wait for the page (rendered frames, promises) may take long on
        // a loaded machine; past this they fail instead of hanging. Below the HTTP
        // client's 60 s, so the answer is WebDriver's own timeout error.
        wanted["timeouts"] = ["script": 50_000]
        let capabilities: WebDriverJSON = ["capabilities": ["alwaysMatch": .object(wanted)]]
        let response: WebDriverJSON
        do {
            response = try await WebDriver.call(client, "POST", base + "/session", capabilities)
        } catch {
            await client.shutdown()
            throw error
        }
        guard let sessionID = response["sessionId"]?.string else {
            await client.shutdown()
            throw BrowserTestError("no WebDriver session: \(response)")
        }
        let driver = WebDriver(sessionID: sessionID, base: base, client: client, engine: driver.engine)
        if reducedMotion || dark, driver.engine == .chromium {
            try await driver.emulateMedia(reducedMotion: reducedMotion, dark: dark)
        }
        return driver
    }

    /// Chromium only (DevTools): from now on the page sees `prefers-reduced-motion` and
    /// `prefers-color-scheme` as given (light when not dark), across navigations.
    package func emulateMedia(reducedMotion: Bool, dark: Bool) async throws {
        let features: WebDriverJSON = [
            ["name": "prefers-reduced-motion", "value": reducedMotion ? "reduce" : "no-preference"],
            ["name": "prefers-color-scheme", "value": dark ? "dark" : "light"],
        ]
        _ = try await cdp("Emulation.setEmulatedMedia", ["features": features])
    }

    /// Sets the browser window's size (WebKitGTK, which has no device emulation: its page
    /// is the window) and waits until the page has that viewport.
    package func setWindowSize(width: Int, height: Int) async throws {
        _ = try await session("POST", "/window/rect", ["width": .number(Double(width)), "height": .number(Double(height))])
        let sized = try await waitUntil(
            "return innerWidth === arguments[0] && innerHeight === arguments[1]", [.number(Double(width)), .number(Double(height))])
        guard sized else {
            let now = try await execute("return [innerWidth, innerHeight]")
            throw BrowserTestError("the window never took \(width)×\(height): the page is \(now)")
        }
    }

    /// What the WebDriver server on `port` says of itself (`GET /status`); throws while
    /// it does not answer yet.
    package static func status(port: Int) async throws -> WebDriverJSON {
        let client = HTTPClient(configuration: HTTPClientConfiguration(userAgent: "webdriver-test", totalTimeout: .seconds(5)))
        do {
            let status = try await WebDriver.call(client, "GET", "http://127.0.0.1:\(port)/status", nil)
            await client.shutdown()
            return status
        } catch {
            await client.shutdown()
            throw error
        }
    }

    private init(sessionID: String, base: String, client: HTTPClient, engine: BrowserEngine) {
        self.sessionID = sessionID
        self.engine = engine
        self.base = base
        self.client = client
    }

    // MARK: Navigation and scripts

    package func navigate(_ url: String) async throws {
        try await waitingForNewDocument { _ = try await session("POST", "/url", ["url": .string(url)]) }
    }

    package func currentURL() async throws -> String { try await session("GET", "/url").string ?? "" }

    package func back() async throws {
        try await waitingForNewDocument { _ = try await session("POST", "/back", [:]) }
    }

    /// Runs a navigation and returns once the new document has been parsed and its
    /// DOMContentLoaded handlers have run (what the "eager" page load strategy gives in
    /// Chromium). WebKitWebDriver makes every later command wait while any resource of
    /// the page is still loading, whatever the strategy, so a delayed photo would block
    /// the test's look at the page; its session asks for "none" and the wait happens
    /// here: the old document is marked, and the new one is there once a document
    /// without the mark has finished its DOMContentLoaded event.
    ///
    /// Not merely left the "loading" state: `readyState` turns "interactive" before the
    /// page's deferred scripts run and start it (stories.js takes over the story links on
    /// DOMContentLoaded). A test that clicked a link in between loaded the story's own
    /// page instead of opening the viewer in place, about one WebKit run in four under load.
    private func waitingForNewDocument(_ navigation: () async throws -> Void) async throws {
        guard engine == .webkit else { return try await navigation() }
        try await execute("window.__webDriverLeaving = true")
        try await navigation()
        let started = "return !window.__webDriverLeaving && performance.timing.domContentLoadedEventEnd > 0"
        guard try await waitUntil(started, timeout: .seconds(50)) else {
            throw BrowserTestError("the new page never finished parsing")
        }
    }

    /// Runs `script` (a function body; `arguments` holds `args`) in the page. With
    /// `timeout`, a driver that has not answered by then is an `unanswered` error instead
    /// of the HTTP client's 60 s.
    @discardableResult
    package func execute(_ script: String, _ args: [WebDriverJSON] = [], timeout: Duration? = nil) async throws -> WebDriverJSON {
        try await session("POST", "/execute/sync", ["script": .string(script), "args": .array(args)], timeout: timeout)
    }

    /// A Chrome DevTools Protocol command.
    @discardableResult
    package func cdp(_ command: String, _ params: WebDriverJSON = [:]) async throws -> WebDriverJSON {
        try await session("POST", "/goog/cdp/execute", ["cmd": .string(command), "params": params])
    }

    /// Console messages logged since the last call (level and text). WebKitWebDriver has
    /// no log endpoint: there the page's own record of its errors is read (kept by a user
    /// script of webkit-browser.py, reported as "SEVERE" like Chromium's), which covers the
    /// page now shown rather than every page since the last call.
    package func consoleEntries() async throws -> [(level: String, message: String)] {
        if engine == .webkit {
            let errors = try await execute("return (window.__webkitConsoleErrors || []).splice(0)")
            return (errors.array ?? []).map { ("SEVERE", $0.string ?? "\($0)") }
        }
        return (try await session("POST", "/se/log", ["type": "browser"]).array ?? []).map {
            ($0["level"]?.string ?? "", $0["message"]?.string ?? "")
        }
    }

    // MARK: Elements

    /// The first element matching a CSS selector (its WebDriver id).
    package func element(_ css: String) async throws -> String {
        let value = try await session("POST", "/element", ["using": "css selector", "value": .string(css)])
        guard case .object(let object) = value, let id = object.values.first?.string else {
            throw BrowserTestError("no element for \(css)")
        }
        return id
    }

    /// Types into an element; for `<input type="file">` the text is a file path.
    package func sendKeys(_ element: String, _ text: String) async throws {
        _ = try await session("POST", "/element/\(element)/value", ["text": .string(text)])
    }

    package func click(_ element: String) async throws {
        _ = try await session("POST", "/element/\(element)/click", [:])
    }

    // MARK: Input

    /// The pointer gestures are made with: a finger where the engine emulates touch, the
    /// mouse in WebKitGTK (which has no touch emulation).
    private var pointer: WebDriverJSON {
        ["type": "pointer", "id": "finger", "parameters": ["pointerType": engine.emulatesTouch ? "touch" : "mouse"]]
    }

    /// A finger tap (a click in WebKit) at viewport coordinates.
    package func tap(x: Double, y: Double, holdMilliseconds: Int = 0) async throws {
        var steps: [WebDriverJSON] = [
            ["type": "pointerMove", "duration": 0, "x": .number(x.rounded()), "y": .number(y.rounded())], ["type": "pointerDown", "button": 0],
        ]
        if holdMilliseconds > 0 { steps.append(["type": "pause", "duration": .number(Double(holdMilliseconds))]) }
        steps.append(["type": "pointerUp", "button": 0])
        try await perform(pointer.adding("actions", .array(steps)))
    }

    /// Two finger (in WebKit, mouse) taps at one point, `gapMilliseconds` apart, as the
    /// page would get them from a finger however busy the machine is.
    ///
    /// In Chromium a finger's touches are stamped with the times they happened and queue
    /// up behind whatever the page is doing; chromedriver's instead go one at a time, each
    /// after the page has handled the one before. So a page busy with the first tap (its
    /// move to the next story) saw the second come hundreds of milliseconds later, not a
    /// double tap, and a timer the first tap started (the 300 ms a closing tap waits, the
    /// 250 ms of a held finger) could run out between touches a finger makes 40 ms apart.
    /// Here the touches carry a finger's times (`timestamp`), and the page's timers are held
    /// (`PageTimerHold`) until both taps' clicks have reached it, then run as set.
    package func doubleTap(x: Double, y: Double, gapMilliseconds: Int = 40) async throws {
        if engine.emulatesTouch {
            try await execute(PageTimerHold.install)
            let start = Date().timeIntervalSince1970
            let touch: WebDriverJSON = [["x": .number(x.rounded()), "y": .number(y.rounded())]]
            var failure: (any Error)?
            do {
                for offset in [0, Double(gapMilliseconds) / 1000] {
                    try await cdp("Input.dispatchTouchEvent", ["type": "touchStart", "touchPoints": touch, "timestamp": .number(start + offset)])
                    try await cdp("Input.dispatchTouchEvent", ["type": "touchEnd", "touchPoints": [], "timestamp": .number(start + offset + 0.01)])
                }
                if !(try await waitUntil(PageTimerHold.bothTapsSeen)) { failure = BrowserTestError("the page never saw both taps") }
            } catch {
                failure = error
            }
            try await execute(PageTimerHold.release)
            if let failure { throw failure }
            return
        }
        let point: WebDriverJSON = ["type": "pointerMove", "duration": 0, "x": .number(x.rounded()), "y": .number(y.rounded())]
        let steps: [WebDriverJSON] = [
            point, ["type": "pointerDown", "button": 0], ["type": "pointerUp", "button": 0],
            ["type": "pause", "duration": .number(Double(gapMilliseconds))],
            point, ["type": "pointerDown", "button": 0], ["type": "pointerUp", "button": 0],
        ]
        try await perform(pointer.adding("actions", .array(steps)))
    }

    /// A finger (in WebKit, mouse) drag from one point to another over `milliseconds`.
    package func swipe(from: (Double, Double), to: (Double, Double), milliseconds: Int = 200) async throws {
        try await perform(
            pointer.adding(
                "actions",
                [
                    ["type": "pointerMove", "duration": 0, "x": .number(from.0.rounded()), "y": .number(from.1.rounded())],
                    ["type": "pointerDown", "button": 0],
                    ["type": "pointerMove", "duration": .number(Double(milliseconds)), "x": .number(to.0.rounded()), "y": .number(to.1.rounded())],
                    ["type": "pointerUp", "button": 0],
                ]))
    }

    /// Presses the pointer down at viewport coordinates and keeps it down until
    /// `pointerUp`: a held finger (a held mouse button in WebKit) the test can look at.
    package func pointerDown(x: Double, y: Double) async throws {
        _ = try await session(
            "POST", "/actions",
            [
                "actions": [
                    pointer.adding(
                        "actions",
                        [["type": "pointerMove", "duration": 0, "x": .number(x.rounded()), "y": .number(y.rounded())], ["type": "pointerDown", "button": 0]])
                ]
            ])
    }

    /// Lets go of the pointer `pointerDown` pressed.
    package func pointerUp() async throws {
        try await perform(pointer.adding("actions", [["type": "pointerUp", "button": 0]]))
    }

    /// Presses and releases one key (W3C key values, e.g. `"\u{E014}"` for ArrowRight).
    package func press(_ key: String) async throws {
        try await perform([
            "type": "key", "id": "keyboard", "actions": [["type": "keyDown", "value": .string(key)], ["type": "keyUp", "value": .string(key)]],
        ])
    }

    package static let arrowRight = "\u{E014}"
    package static let arrowLeft = "\u{E012}"
    package static let escape = "\u{E00C}"
    package static let space = " "

    private func perform(_ source: WebDriverJSON) async throws {
        _ = try await session("POST", "/actions", ["actions": [source]])
        _ = try await session("DELETE", "/actions")
    }

    // MARK: Waiting

    /// Polls `script` until it returns true, for at most `timeout`.
    ///
    /// A condition that throws in the page (`javascript error`: an element it reads is
    /// not there yet, because the new page is still coming in) is not true yet, and is
    /// looked at again; if it still throws when the time is up, that error is the answer,
    /// so a condition that can never run is not mistaken for one that never held.
    package func waitUntil(_ script: String, timeout: Duration = .seconds(10), _ args: [WebDriverJSON] = []) async throws -> Bool {
        var deadline = ContinuousClock.now + timeout
        var failing: BrowserTestError?
        var hangs = 0
        while ContinuousClock.now < deadline {
            do {
                let holds = try await execute(script, args, timeout: engine == .webkit ? Self.webKitHang : nil).bool == true
                failing = nil
                if holds { return true }
            } catch let error as BrowserTestError where error.description.contains("[javascript error]") {
                failing = error
            } catch let error as BrowserTestError where engine == .webkit && Self.webKitPageChanging.contains(where: error.description.contains) {
                // WebKit fails a script that runs while the page is being left (a form
                // sent, a link followed) or its new document is coming in, instead of
                // running it in the next page: the page is changing, which is what a
                // wait looks for, so it simply looks again.
            } catch is WebDriverUnanswered where hangs < 2 {
                // WebKit sometimes never answers a script that started just as the page
                // was left (the spec leaves that case open: w3c/webdriver#1708). The
                // page has moved on; the next look goes to the new one, with the time
                // the lost answer took given back.
                hangs += 1
                deadline += Self.webKitHang
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        if let failing { throw failing }
        return false
    }

    /// How long a condition's script may go unanswered in WebKit before it counts as
    /// lost to a page change: a condition reads the page and returns, well under this
    /// even on a loaded machine.
    private static let webKitHang: Duration = .seconds(10)

    /// What WebKitWebDriver answers to a script that met a page changing under it.
    private static let webKitPageChanging = ["before the unload event", "Could not parse script result"]

    package func quit() async {
        _ = try? await session("DELETE", "")
        await client.shutdown()
    }

    /// The viewport as the browser painted it: PNG bytes, in device pixels.
    package func screenshot() async throws -> [UInt8] {
        guard let text = try await session("GET", "/screenshot").string, let data = Data(base64Encoded: text) else {
            throw BrowserTestError("WebDriver sent no screenshot")
        }
        return Array(data)
    }

    // MARK: Wire

    private func session(_ method: String, _ path: String, _ body: WebDriverJSON? = nil, timeout: Duration? = nil) async throws -> WebDriverJSON {
        try await WebDriver.call(client, method, "\(base)/session/\(sessionID)\(path)", body, timeout: timeout)
    }

    private static func call(
        _ client: HTTPClient, _ method: String, _ url: String, _ body: WebDriverJSON?, timeout: Duration? = nil
    ) async throws -> WebDriverJSON {
        let request = HTTPClientRequest(
            method: method, url: url, headers: [("Content-Type", "application/json")],
            body: body.map { .bytes(Array($0.encoded())) }, timeout: timeout
        )
        let response: HTTPClientResponse
        do {
            response = try await client.execute(request)
        } catch  where timeout != nil && error.code == .timedOut {
            throw WebDriverUnanswered(description: "WebDriver \(method) \(url): no answer in the time given")
        } catch {
            throw BrowserTestError("WebDriver \(method) \(url): \(error)")
        }
        let value = try WebDriverJSON(parsing: Data(response.body))
        guard response.status == 200 else {
            let code = value["value"]?["error"]?.string ?? "unknown error"
            throw BrowserTestError("WebDriver \(method) \(url) → \(response.status) [\(code)]: \(value["value"]?["message"]?.string ?? value.description)")
        }
        return value["value"] ?? .null
    }
}

/// A WebDriver command that got no answer within the time its caller gave it.
package struct WebDriverUnanswered: Error, CustomStringConvertible {
    package let description: String
}
