import ATProtoTestKit
import AppTestKit
import Foundation
import GrainStoriesWeb
import GrainSupport
import TestKit
import Testing
import Viewing

/// Night hours in a browser: the page goes dark but for a small clock in the viewer's
/// language, lets the screen sleep, and comes back by itself, on the TV's own wall clock,
/// across midnight and the night Berlin's summer time ends. Chromium with both clocks
/// moved (the page's through `PageClock`) and its time zone set to Europe/Berlin
/// (`Emulation.setTimezoneOverride`); the server is told that zone by the page's script.
@Suite(.serialized) struct TVNightBrowserTests {
    typealias F = BrowserFixture
    typealias TV = TVBrowserTests

    static func at(_ text: String) -> Date { Timestamp.parse(text)! }

    /// A stand-in for the Screen Wake Lock, put in place after the page loaded (headless
    /// Chromium grants no real one to a page nobody looks at): the test reads the calls
    /// the page makes (`requests`, `releases`) and whether it holds a lock now (`held`).
    /// Like the browser, it lets go of every lock when the page is hidden.
    static let wakeLockStandIn = """
        const log = window.__wake = { requests: 0, releases: 0, held: 0 };
        const sentinels = new Set();
        const stub = {
            request(type) {
                log.requests += 1;
                const listeners = [];
                const sentinel = {
                    type, released: false,
                    addEventListener(name, listener) { if (name === 'release') { listeners.push(listener); } },
                    release() {
                        if (sentinel.released) { return Promise.resolve(); }
                        sentinel.released = true;
                        sentinels.delete(sentinel);
                        log.releases += 1;
                        log.held = sentinels.size;
                        listeners.forEach((listener) => listener(new Event('release')));
                        return Promise.resolve();
                    },
                };
                sentinels.add(sentinel);
                log.held = sentinels.size;
                return Promise.resolve(sentinel);
            },
        };
        Object.defineProperty(navigator, 'wakeLock', { configurable: true, get: () => stub });
        document.addEventListener('visibilitychange', () => {
            if (document.visibilityState === 'hidden') { [...sentinels].forEach((sentinel) => sentinel.release()); }
        }, true);
        """

    /// Puts the stand-in in place: in Chromium before the page's scripts run (DevTools),
    /// so the page's first request already reaches it; in WebKit (no DevTools) once the
    /// page has loaded, telling the page it was shown again so that it asks.
    static func standInWakeLock(_ f: F, open query: String) async throws {
        if f.engine == .chromium {
            try await f.browser.cdp("Page.addScriptToEvaluateOnNewDocument", ["source": .string(wakeLockStandIn)])
            try await TV.open(f, query)
        } else {
            try await TV.open(f, query)
            try await f.browser.execute(wakeLockStandIn + "\ndocument.dispatchEvent(new Event('visibilitychange'));")
        }
    }

    static let pageState = """
        const main = document.querySelector('main.tv');
        const time = main && main.querySelector('.tv-clock-time');
        const date = main && main.querySelector('.tv-clock-date');
        return { night: !!main && main.classList.contains('tv-night'), story: main ? main.getAttribute('data-story') : null,
                 time: time ? time.textContent : null, date: date ? date.textContent : null,
                 zone: main ? main.getAttribute('data-time-zone') : null, wake: window.__wake, notReloaded: window.notReloaded === true,
                 images: main ? main.querySelectorAll('.tv-image').length : -1 };
        """

    static func state(_ f: F) async throws -> WebDriverJSON { try await f.browser.execute(pageState) }

    static func waitFor(_ f: F, night: Bool, time: String? = nil) async throws -> Bool {
        try await f.browser.waitUntil(
            """
            const main = document.querySelector('main.tv');
            const clock = main && main.querySelector('.tv-clock-time');
            if (!main || document.querySelectorAll('main.tv').length !== 1 || main.classList.contains('tv-night') !== arguments[0]) { return false; }
            return arguments[1] === null || (!!clock && clock.textContent === arguments[1]);
            """, timeout: .seconds(30), [.bool(night), time.map { .string($0) } ?? .null])
    }

    static func advance(_ f: F, _ clock: MovableClock, to date: Date) async throws {
        let seconds = date.timeIntervalSince(clock.now)
        clock.advance(by: seconds)
        try await PageClock.advance(f.browser, by: seconds)
    }

    /// 22:00–07:00 on the night of 24–25 October 2026 in Berlin: dark at 22:00 CEST, still
    /// dark at 06:30 CET (an evening's offset would have ended it at 06:00), back at 07:00
    /// CET; the clock reads the wall clock in the browser's language throughout.
    @Test func theScreenSleepsThroughTheNightSummerTimeEndsAndWakesAtSeven() async throws {
        let clock = MovableClock(start: Self.at("2026-10-24T19:59:00.000Z"))
        try await F.run(.chromium, screen: .tv, clock: clock, { $0.tvNightHours = TVNightHours("22:00-07:00") }) { f in
            try await f.browser.cdp("Emulation.setTimezoneOverride", ["timezoneId": "Europe/Berlin"])
            try await PageClock.install(f.browser, aheadBy: clock.offsetSeconds)
            // The clock shows on this screen (its settings page, as a person sets it).
            try await f.browser.navigate(f.base + "/tv/settings")
            try await f.browser.click(try await f.browser.element("input[name=clock]"))
            try await f.browser.click(try await f.browser.element("form.stack-form button[type=submit]"))
            #expect(try await f.waitForPath("/tv"))
            try await Self.standInWakeLock(f, open: "interval=3")
            #expect(try await f.browser.waitUntil("return window.__wake.held === 1"), "playing, the screen is kept on")
            let evening = try await Self.state(f)
            #expect(evening["zone"]?.string == "Europe/Berlin", "the page told the server its time zone: \(evening)")
            #expect(evening["time"]?.string == "9:59 PM" && evening["date"]?.string == "Saturday, October 24", "\(evening)")

            try await Self.advance(f, clock, to: Self.at("2026-10-24T20:00:30.000Z"))
            #expect(try await Self.waitFor(f, night: true, time: "10:00 PM"), "22:00 CEST: night")
            let night = try await Self.state(f)
            #expect(night["story"] == .null && night["images"]?.double == 0, "nothing but the clock: \(night)")
            #expect(night["wake"]?["held"]?.double == 0, "and the screen may sleep: \(night)")
            #expect(night["notReloaded"]?.bool == true)

            try await Self.advance(f, clock, to: Self.at("2026-10-24T22:01:00.000Z"))
            #expect(try await Self.waitFor(f, night: true, time: "12:01 AM"), "past midnight, still night")
            #expect(try await Self.state(f)["date"]?.string == "Sunday, October 25")

            try await Self.advance(f, clock, to: Self.at("2026-10-25T05:30:00.000Z"))
            #expect(try await Self.waitFor(f, night: true, time: "6:30 AM"), "06:30 CET: still night (the clocks went back at 03:00)")

            try await Self.advance(f, clock, to: Self.at("2026-10-25T06:00:30.000Z"))
            #expect(try await Self.waitFor(f, night: false, time: "7:00 AM"), "07:00 CET: morning")
            #expect(try await f.browser.waitUntil(TV.isPlaying), "the stories play again by themselves")
            #expect(try await f.browser.waitUntil("return window.__wake.held === 1"), "and the screen is kept on again")
            #expect(try await Self.state(f)["notReloaded"]?.bool == true, "never reloaded")
        }
    }

    /// The wake lock follows what is on screen: held while a story plays, let go while
    /// paused, asked for again after the page was hidden and shown (the browser let it
    /// go), and let go on a page with nothing to show. Both engines (a stand-in API).
    @Test(arguments: BrowserEngine.allCases) func theScreenStaysOnWhileAStoryPlaysAndOnlyThen(engine: BrowserEngine) async throws {
        try await F.run(engine, screen: .tv) { f in
            try await Self.standInWakeLock(f, open: "interval=60")
            #expect(try await f.browser.waitUntil("return window.__wake.held === 1 && window.__wake.requests === 1"), "playing: one lock")
            try await f.browser.press(TV.enter)
            #expect(try await f.browser.waitUntil("return window.__wake.held === 0 && window.__wake.releases === 1"), "paused: let go")
            try await f.browser.press(TV.enter)
            #expect(try await f.browser.waitUntil("return window.__wake.held === 1 && window.__wake.requests === 2"), "playing again: asked again")
            try await f.browser.execute(
                """
                Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
                document.dispatchEvent(new Event('visibilitychange'));
                """)
            #expect(try await f.browser.waitUntil("return window.__wake.held === 0"), "hidden: the browser let it go")
            try await f.browser.execute("delete document.visibilityState; document.dispatchEvent(new Event('visibilitychange'));")
            #expect(try await f.browser.waitUntil("return window.__wake.held === 1 && window.__wake.requests === 3"), "shown again: asked again")
            // Grain goes quiet: the page has nothing to show, and lets the screen sleep.
            f.appView.setMode(.emptyLists)
            for did in [F.kenji, F.tomas, F.maya, F.erin] { await f.app.storyLibrary.invalidate(author: did) }
            try await f.browser.execute("document.dispatchEvent(new Event('grainstories:refresh'))")
            #expect(try await f.browser.waitUntil("return !!document.querySelector('main.tv .tv-message-title')", timeout: .seconds(20)))
            #expect(try await f.browser.waitUntil("return window.__wake.held === 0"), "nothing to show: let go")
        }
    }
}
