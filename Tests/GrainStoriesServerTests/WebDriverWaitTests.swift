import AppTestKit
import HTTPTestKit
import Synchronization
import Testing

/// WebKitWebDriver sometimes never answers a script that started just as the page was
/// left (w3c/webdriver#1708): a browser test then failed after the HTTP client's 60 s. The
/// harness's `waitUntil` gives such a script 10 s and looks again. Shown here against a
/// scripted driver that loses the first look, as WebKit did in a fresh-clone run.
@Suite struct WebDriverWaitTests {
    /// Stands for WebKitWebDriver at the scripted server's port.
    private struct ScriptedDriver: BrowserDriver {
        let engine = BrowserEngine.webkit
        let port: Int
        func capabilities(screen: BrowserScreen, reducedMotion: Bool, dark: Bool) -> [String: WebDriverJSON] { [:] }
        func stop() {}
    }

    private static func json(_ text: String) -> ScriptedHTTPServer.Action {
        .respond(.init(status: 200, headers: [("Content-Type", "application/json")], payload: .bytes(Array(text.utf8))))
    }

    @Test func aLookThatIsNeverAnsweredIsFollowedByAnother() async throws {
        let looks = Mutex(0)
        let server = try ScriptedHTTPServer { request in
            switch (request.method, request.path) {
            case ("POST", "/session"):
                return Self.json(#"{"value": {"sessionId": "s1", "capabilities": {}}}"#)
            case ("POST", "/session/s1/execute/sync"):
                let look = looks.withLock { count in
                    count += 1
                    return count
                }
                return look == 1 ? .stall : Self.json(#"{"value": true}"#)
            default:
                return Self.json(#"{"value": null}"#)
            }
        }
        defer { server.stop() }
        let browser = try await WebDriver.start(ScriptedDriver(port: server.port), screen: .desktop)
        #expect(try await browser.waitUntil("return true", timeout: .seconds(1)), "the second look holds")
        #expect(looks.withLock { $0 } == 2)
        await browser.quit()
    }
}
