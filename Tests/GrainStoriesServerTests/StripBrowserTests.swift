import ATProtoTestKit
import AppTestKit
import Foundation
import GrainStoriesWeb
import Testing
import Viewing

/// Everyone in the strip can be reached without a mouse or a touch screen (a keyboard,
/// a TV remote's arrows) and, when the strip is wider than the screen, with visible
/// scroll buttons.
@Suite(.serialized) struct StripBrowserTests {
    typealias F = BrowserFixture

    @Test(arguments: BrowserEngine.allCases, BrowserScreen.allCases)
    func theArrowKeysReachEveryoneAndEnterOpensTheirStories(engine: BrowserEngine, screen: BrowserScreen) async throws {
        try await F.run(engine, reducedMotion: true, screen: screen) { f in
            try await f.browser.navigate("\(f.base)/")
            let hrefs = try #require(
                try await f.browser.execute(
                    "return Array.from(document.querySelectorAll('.strip-link')).map(a => a.getAttribute('href'))"
                ).array?.compactMap(\.string))
            #expect(hrefs.count >= 5, "the own tile and the four fixture authors: \(hrefs)")
            // strip.js (deferred) makes the strip one Tab stop; WebKit can hand the page
            // over before it has run, so the wait is for the script, not a snapshot.
            #expect(
                try await f.browser.waitUntil("return Array.from(document.querySelectorAll('.strip-link')).filter(a => a.tabIndex === 0).length === 1"),
                "the strip is one Tab stop")
            try await f.browser.execute("document.querySelector('.strip-link').focus()")
            var reached: [String] = []
            for _ in 1..<hrefs.count {
                try await f.browser.press(WebDriver.arrowRight)
                reached.append(try await f.browser.execute("return document.activeElement.getAttribute('href')").string ?? "")
            }
            #expect(reached == Array(hrefs.dropFirst()), "ArrowRight walks the strip in order")
            try await f.browser.press("\u{E011}")  // Home
            #expect(try await f.browser.execute("return document.activeElement.getAttribute('href')").string == hrefs.first)
            try await f.browser.press("\u{E010}")  // End
            #expect(try await f.browser.execute("return document.activeElement.getAttribute('href')").string == hrefs.last)
            try await f.browser.press("\u{E007}")  // Enter
            #expect(try await f.browser.waitUntil("return !!document.querySelector('dialog.viewer[open]')"), "Enter opens that person's stories")
        }
    }

    @Test(arguments: BrowserEngine.allCases) func aStripWiderThanTheScreenHasScrollButtonsThatShowOnlyWhereThereIsMore(engine: BrowserEngine) async throws {
        try await F.run(engine, reducedMotion: true) { f in
            // 390 px wide: the own tile and four people (84 px each) do not fit.
            try await f.browser.navigate("\(f.base)/")
            // strip.js adds the buttons once the page's deferred scripts have run.
            try #require(try await f.browser.waitUntil("return !!document.querySelector('.strip-scroll-next')"), "strip.js never enhanced the strip")
            let state = """
                const list = document.querySelector('.strip-list');
                return { previous: document.querySelector('.strip-scroll-previous').hidden,
                         next: document.querySelector('.strip-scroll-next').hidden,
                         left: list.scrollLeft, overflow: list.scrollWidth > list.clientWidth };
                """
            let start = try await f.browser.execute(state)
            try #require(start["overflow"]?.bool == true, "the strip must overflow for this test to mean anything")
            #expect(start["previous"]?.bool == true && start["next"]?.bool == false)
            try await f.browser.execute("document.querySelector('.strip-scroll-next').click()")
            #expect(
                try await f.browser.waitUntil(
                    """
                    const list = document.querySelector('.strip-list');
                    return list.scrollLeft >= list.scrollWidth - list.clientWidth - 1 && document.querySelector('.strip-scroll-next').hidden
                        && !document.querySelector('.strip-scroll-previous').hidden;
                    """), "at the end only the way back is offered")
            let shown = try await f.browser.execute(ViewerBrowserTests.visibleHidden)
            #expect(shown.array?.isEmpty == true, "shown although hidden: \(shown)")
        }
    }

    /// On a touch screen a swipe scrolls the strip: there the scroll buttons are not drawn
    /// ("›" covered the fourth person on a phone), and every person in view can be tapped
    /// where they are drawn. With a mouse (WebKitGTK, which has no touch) "›" is there.
    @Test(arguments: BrowserEngine.allCases) func onATouchScreenNoScrollButtonCoversAPerson(engine: BrowserEngine) async throws {
        try await F.run(engine, reducedMotion: true) { f in
            try await f.browser.navigate("\(f.base)/")
            try #require(try await f.browser.waitUntil("return !!document.querySelector('.strip-scroll-next')"), "strip.js never enhanced the strip")
            let facts = try await f.browser.execute(
                F.boxHelpers + """
                    const list = document.querySelector('.strip-list'), next = document.querySelector('.strip-scroll-next');
                    // Each ring looked at on a 5 × 5 grid of points, those on the screen.
                    const covered = [...document.querySelectorAll('.strip-item .avatar-ring')].filter(ring => {
                        const r = box(ring), item = ring.closest('.strip-item');
                        for (let i = 0; i < 5; i++) {
                            for (let j = 0; j < 5; j++) {
                                const x = r.x + r.width * (i + 0.5) / 5, y = r.y + r.height * (j + 0.5) / 5;
                                if (x >= 0 && x < innerWidth && !item.contains(document.elementFromPoint(x, y))) { return true; }
                            }
                        }
                        return false;
                    }).map(ring => ring.closest('.strip-link').getAttribute('aria-label'));
                    return { overflow: list.scrollWidth > list.clientWidth, drawn: !next.hidden && next.checkVisibility(),
                             touch: matchMedia('(hover: none) and (pointer: coarse)').matches, covered: covered };
                    """)
            try #require(facts["overflow"]?.bool == true, "the strip must overflow for this test to mean anything: \(facts)")
            #expect(facts["touch"]?.bool == engine.emulatesTouch, "\(facts)")
            if engine.emulatesTouch {
                #expect(facts["drawn"]?.bool == false, "a scroll button is drawn on a touch screen: \(facts)")
                #expect(facts["covered"]?.array?.isEmpty == true, "people covered on a touch screen: \(facts)")
            } else {
                #expect(facts["drawn"]?.bool == true, "a mouse has the scroll button: \(facts)")
            }
        }
    }
}

/// A home page left open on a TV keeps itself current without a reload: new stories
/// appear, and a page that opened during an AppView outage recovers by itself.
@Suite(.serialized) struct HomeRefreshBrowserTests {
    typealias F = BrowserFixture

    /// Asks the page to refresh now (what its minute timer does) and waits for the swap.
    static func refreshNow(_ f: F) async throws {
        try await f.browser.execute(
            """
            window.refreshed = false;
            document.addEventListener('grainstories:refreshed', () => { window.refreshed = true; }, { once: true });
            document.dispatchEvent(new Event('grainstories:refresh'));
            """)
        #expect(try await f.browser.waitUntil("return window.refreshed === true"), "the page did not refresh itself")
    }

    @Test(arguments: BrowserEngine.allCases, [BrowserScreen.tv, .phone])
    func newStoriesAppearWithoutAReload(engine: BrowserEngine, screen: BrowserScreen) async throws {
        try await F.run(engine, reducedMotion: true, screen: screen) { f in
            f.appView.setMode(.emptyLists)
            try await f.browser.navigate("\(f.base)/")
            #expect(try await f.browser.waitUntil("return document.body.textContent.includes('No one has a live story right now')"))
            try await f.browser.execute("window.notReloaded = true")
            f.appView.setMode(.normal)
            await f.app.storyLibrary.invalidate(author: F.maya)
            try await Self.refreshNow(f)
            let state = try await f.browser.execute(
                """
                return { people: document.querySelectorAll('.strip-list a[data-opens-viewer]').length,
                         grid: document.querySelectorAll('.people-grid .person-card').length,
                         empty: document.body.textContent.includes('No one has a live story right now'),
                         reloaded: window.notReloaded !== true };
                """)
            #expect(state["people"]?.double == 4 && state["grid"]?.double == 4, "\(state)")
            #expect(state["empty"]?.bool == false && state["reloaded"]?.bool == false, "\(state)")
            // The new strip works like the first: the arrow keys move along it.
            try await f.browser.execute("document.querySelector('.strip-link').focus()")
            try await f.browser.press(WebDriver.arrowRight)
            #expect(try await f.browser.execute("return document.activeElement.getAttribute('href')").string == "/stories/kenji.photo")
        }
    }

    @Test(arguments: BrowserEngine.allCases) func aPageOpenedDuringAnOutageRecoversByItself(engine: BrowserEngine) async throws {
        try await F.run(engine, reducedMotion: true, screen: .tv) { f in
            f.appView.setMode(.serverError)
            try await f.browser.navigate("\(f.base)/")
            #expect(try await f.browser.waitUntil("return !!document.querySelector('.notice')"), "the outage notice")
            f.appView.setMode(.normal)
            // The library waits a little after a failure before asking again; the page keeps asking.
            #expect(
                try await f.browser.waitUntil(
                    """
                    if (!window.asking) { window.asking = setInterval(() => document.dispatchEvent(new Event('grainstories:refresh')), 250); }
                    return document.querySelectorAll('.strip-list a[data-opens-viewer]').length === 4 && !document.querySelector('.notice');
                    """, timeout: .seconds(30)), "the strip came back")
            try await f.browser.execute("clearInterval(window.asking)")
        }
    }
}
