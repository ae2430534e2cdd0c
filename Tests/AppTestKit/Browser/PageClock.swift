import Foundation
import TestKit

/// A clock a test moves inside a page, as a screen left on for days or a device that
/// slept sees it (`page-clock.js`): `Date` (and so `Date.now()` and `new Date()`) runs
/// from the real time plus an offset the test sets, and the page's timers (`setTimeout`,
/// `setInterval`) are due by that clock, so moving it on an hour fires every timer that
/// came due within the hour, at once, in order (what a page gets when its device wakes).
/// Animations, `performance.now()` and `requestAnimationFrame` keep real time.
///
/// It has to run before the page's own scripts: `PageClock.install` adds it to every new
/// document through Chrome DevTools (`Page.addScriptToEvaluateOnNewDocument`), so the
/// tests that use it are Chromium's. Pages fetched by a script and parsed with
/// `DOMParser` run no scripts, so it is in the page on screen only.
package enum PageClock {
    /// The clock's script (`page-clock.js` beside this file, which the TV benchmark runs too).
    package static var script: String {
        get throws { try String(contentsOfFile: ProjectPaths.root + "/Tests/AppTestKit/Browser/page-clock.js", encoding: .utf8) }
    }

    /// From the next navigation on, every document of `browser` runs the clock first
    /// (Chromium only), `aheadBy` seconds ahead of the real time (a `MovableClock`'s
    /// `offset`, so the page and the server agree on the time).
    package static func install(_ browser: WebDriver, aheadBy seconds: Double = 0) async throws {
        let source = try script + "\nwindow.__pageClock.advance(\(seconds * 1000));"
        try await browser.cdp("Page.addScriptToEvaluateOnNewDocument", ["source": .string(source)])
    }

    /// Moves the page's clock on by `seconds`.
    package static func advance(_ browser: WebDriver, by seconds: Double) async throws {
        try await browser.execute("window.__pageClock.advance(arguments[0])", [.number(seconds * 1000)])
    }

    /// The page's time, in milliseconds since 1970.
    package static func now(_ browser: WebDriver) async throws -> Double {
        try await browser.execute("return window.__pageClock.now()").double ?? 0
    }
}
