import AppTestKit
import Foundation
import HTTPTestKit
import Testing

/// `WebDriver.waitUntil` in both engines: a condition that throws while the page it
/// reads is still coming in is looked at again until it holds; one that can never run
/// ends the wait with its error rather than a plain "never held".
@Suite(.serialized) struct WebDriverWaitTests {
    typealias F = BrowserFixture

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
}
