import AppTestKit
import Foundation
import HTTPTestKit
import Synchronization
import Testing

/// `WebDriver.waitUntil` in both engines: a condition that throws while the page it
/// reads is still coming in is looked at again until it holds; one that can never run
/// ends the wait with its error rather than a plain "never held"; and a look that WebKit
/// never answers is followed by another.
@Suite(.serialized) struct WebDriverWaitTests {
    typealias F = BrowserFixture

    /// Stands for WebKitWebDriver at a scripted server's port.
    private struct ScriptedDriver: BrowserDriver {
        let engine = BrowserEngine.webkit
        let port: Int
        func capabilities(screen: BrowserScreen, reducedMotion: Bool, dark: Bool) -> [String: WebDriverJSON] { [:] }
        func stop() {}
    }

    @Test(arguments: BrowserEngine.allCases) func aConditionThatThrowsUntilThePageHasItsElementIsWaitedFor(engine: BrowserEngine) async throws {
        try await F.run(engine, screen: .desktop) { f in
            try await f.browser.navigate(f.base + "/signin")
            // The element appears a moment later; until then reading it throws.
            try await f.browser.execute(
                "setTimeout(() => { const h = document.createElement('h2'); h.id = 'late'; h.textContent = 'here'; document.body.append(h) }, 300)")
            #expect(try await f.browser.waitUntil("return document.querySelector('#late').textContent === 'here'"))
            do {
                _ = try await f.browser.waitUntil("return document.querySelector('#never').textContent === 'x'", timeout: .milliseconds(500))
                Issue.record("\(engine): a condition that always throws ended the wait quietly")
            } catch let error as BrowserTestError {
                #expect(error.description.contains("[javascript error]"), "\(error)")
            }
        }
    }

    /// WebKitWebDriver sometimes never answers a script that started just as the page was
    /// left (w3c/webdriver#1708): a browser test then failed after the HTTP client's 60 s,
    /// as `OAuthSignInBrowserTests`' deny flow did in a fresh-clone run. `waitUntil` gives
    /// such a script 10 s and looks again; here against a scripted driver that loses the
    /// first look.
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
