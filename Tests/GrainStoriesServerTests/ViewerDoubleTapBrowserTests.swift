import ATProtoTestKit
import AppTestKit
import Foundation
import Testing

/// Double tap to like, and fetching ahead, in Chromium on a phone (touch emulation).
@Suite(.serialized) struct ViewerDoubleTapBrowserTests {
    typealias F = BrowserFixture

    /// This suite's own account (see `ViewerEntryBrowserTests.account`).
    static let account = FakePDS.Account(handle: "taps.test", did: "did:plc:taps22222222222222222222", password: "taps-app-password")

    /// Every heart a double tap shows, and what the screen reader is told, noted by the page.
    static let watchHearts = """
        window.notReloaded = true;
        window.hearts = [];
        new MutationObserver(records => records.forEach(record => record.addedNodes.forEach(node => {
            if (node.classList && node.classList.contains('tap-heart')) { window.hearts.push([parseFloat(node.style.left), parseFloat(node.style.top)]); }
        }))).observe(document.querySelector('dialog.viewer'), { childList: true });
        """

    /// A double tap hearts the story tapped on and stays on it (the first tap's move is
    /// undone), with a heart where the finger was; it never un-hearts, nor does the L key.
    @Test func aDoubleTapHeartsTheStoryAndStaysOnIt() async throws {
        let pds = try FakePDS(accounts: [Self.account])
        defer { pds.stop() }
        try pds.seedGraph(follows: [F.maya, F.erin])
        try await F.run(reducedMotion: true, screen: .phone) { f in
            let browser = f.browser
            try await F.signIn(browser, base: f.base, pds: pds, account: Self.account)
            // Her last story: the first tap alone leads on to the next person, Erin.
            let story = "/profile/\(F.linked(F.maya))/story/3mupadw3kg264"
            try await f.open(F.maya, "3mupadw3kg264", expectRunning: false)
            try await browser.execute(Self.watchHearts)
            try await browser.doubleTap(x: 290, y: 300)
            #expect(try await browser.waitUntil("return document.querySelector('dialog.viewer .viewer-heart').getAttribute('aria-pressed') === 'true'"))
            #expect(await CrashRecoveryTests.waitUntil(timeout: .seconds(10)) { pds.records("social.grain.favorite").count == 1 })
            let liked = pds.records("social.grain.favorite").first.map { "\($0.value)" } ?? ""
            #expect(liked.contains("3mupadw3kg264"), "the story tapped on was liked: \(liked)")
            #expect(try await f.path() == story, "the double tap stays on the story")
            let hearts = try await browser.execute("return window.hearts").array ?? []
            #expect(hearts.count == 1, "one heart shown: \(hearts)")
            let point = hearts.first?.array?.compactMap(\.double) ?? []
            #expect(point.count == 2 && abs(point[0] - 290) <= 2 && abs(point[1] - 300) <= 2, "the heart is where the finger was: \(point)")
            #expect(try await browser.execute("return document.querySelector('dialog.viewer > [aria-live]').textContent").string == "Liked")

            // Again, and with the key: still liked, never un-liked.
            #expect(try await browser.waitUntil("return !document.querySelector('.viewer-favorite').dataset.busy"))
            try await browser.doubleTap(x: 290, y: 300)
            #expect(try await browser.waitUntil("return window.hearts.length === 2"))
            try await browser.press("l")
            #expect(try await browser.waitUntil("return window.hearts.length === 3"))
            #expect(try await browser.execute("return document.querySelector('dialog.viewer .viewer-heart').getAttribute('aria-pressed')").string == "true")
            #expect(pds.records("social.grain.favorite").count == 1)
            #expect(try await f.path() == story)
            #expect(try await browser.execute("return window.notReloaded === true").bool == true, "the page was reloaded")

            // Opened from her profile, a tap on her last story closes the viewer; a double
            // tap there still likes it and stays.
            try await browser.navigate(f.base + "/profile/\(F.linked(F.maya))")
            try await browser.execute("document.querySelector('a.profile-story[href*=\"3mupadw3kg264\"]').click()")
            #expect(
                try await browser.waitUntil(
                    "return location.pathname === arguments[0] && !!document.querySelector('dialog.viewer[open] .viewer-stage')", [.string(story)]))
            try await browser.execute(Self.watchHearts)
            try await browser.doubleTap(x: 290, y: 300)
            #expect(try await browser.waitUntil("return window.hearts.length === 1"))
            // The first tap's close waits out the double-tap window; once it has run, the
            // viewer is still open on the story.
            #expect(try await browser.waitUntil(PageTimerHold.releasedTimersRan))
            #expect(try await f.path() == story, "the double tap closed the viewer")
            #expect(try await browser.execute("return !!document.querySelector('dialog.viewer[open]') && window.notReloaded === true").bool == true)
            // A single tap there closes it, back to her profile.
            try await browser.tap(x: 290, y: 300)
            #expect(try await f.waitForPath("/profile/\(F.linked(F.maya))"))
        }
    }

    /// A page still busy with the first tap when the second comes (a slow phone: here the
    /// first tap's click keeps the page busy for 600 ms, twice the double-tap window)
    /// takes the two for the double tap a finger made: it hearts the story and stays, on a
    /// story whose first tap moves on and on one (opened from the profile) whose first tap
    /// would close the viewer. Sent as chromedriver sends touches, this failed every time
    /// with the flaky test's error: the second tap, come too late, was a tap of its own.
    @Test func aDoubleTapCountsWhileThePageIsStillBusyWithItsFirstTap() async throws {
        let pds = try FakePDS(accounts: [Self.account])
        defer { pds.stop() }
        try pds.seedGraph(follows: [F.maya, F.erin])
        let busyFirstClick = """
            window.addEventListener('click', function busy() {
                window.removeEventListener('click', busy, true);
                const until = performance.now() + 600;
                while (performance.now() < until) {}
            }, true);
            """
        try await F.run(reducedMotion: true, screen: .phone) { f in
            let browser = f.browser
            try await F.signIn(browser, base: f.base, pds: pds, account: Self.account)
            let story = "/profile/\(F.linked(F.maya))/story/3mupadw3kg264"
            try await f.open(F.maya, "3mupadw3kg264", expectRunning: false)
            try await browser.execute(Self.watchHearts + busyFirstClick)
            try await browser.doubleTap(x: 290, y: 300)
            #expect(try await browser.waitUntil("return document.querySelector('dialog.viewer .viewer-heart').getAttribute('aria-pressed') === 'true'"))
            #expect(await CrashRecoveryTests.waitUntil(timeout: .seconds(10)) { pds.records("social.grain.favorite").count == 1 })
            #expect(try await browser.waitUntil(PageTimerHold.releasedTimersRan))
            #expect(try await f.path() == story, "the double tap stays on the story")

            try await browser.navigate(f.base + "/profile/\(F.linked(F.maya))")
            try await browser.execute("document.querySelector('a.profile-story[href*=\"3mupadw3kg264\"]').click()")
            #expect(
                try await browser.waitUntil(
                    "return location.pathname === arguments[0] && !!document.querySelector('dialog.viewer[open] .viewer-stage')", [.string(story)]))
            try await browser.execute(Self.watchHearts + busyFirstClick)
            try await browser.doubleTap(x: 290, y: 300)
            #expect(try await browser.waitUntil("return window.hearts.length === 1"))
            #expect(try await browser.waitUntil(PageTimerHold.releasedTimersRan))
            #expect(try await f.path() == story, "the double tap closed the viewer")
            #expect(try await browser.execute("return !!document.querySelector('dialog.viewer[open]') && window.notReloaded === true").bool == true)
        }
    }

    /// A single tap moves on at once: with every timer of the page stopped (so a move
    /// that waited to rule out a second tap could never happen), it still moves.
    @Test func aSingleTapMovesOnWithoutWaitingForASecond() async throws {
        try await F.run(reducedMotion: true, screen: .phone) { f in
            try await f.open(F.maya, "3muojebufwseb", expectRunning: false)
            try await f.browser.execute("window.notReloaded = true; window.setTimeout = function () { return 0; };")
            try await f.browser.tap(x: 290, y: 420)
            #expect(try await f.waitForPath("/profile/\(F.linked(F.maya))/story/3muovdv3qvkv2"))
            #expect(try await f.browser.execute("return window.notReloaded === true").bool == true)
        }
    }

    /// While Maya's first story plays (opened from the strip), the next story's page (with
    /// its comment preview) and the next person's page and first photo are fetched ahead:
    /// the stand-in AppView sees Erin's photo asked for before anyone moves, and moving
    /// to her shows it at once, without asking again.
    @Test func theNextPersonsPhotoIsFetchedBeforeTheMove() async throws {
        try await F.run(reducedMotion: true, screen: .phone) { f in
            let erinPhoto = "feed_fullsize/\(F.erin)/3mstandfdhj0"
            try await f.browser.navigate(f.base + "/")
            try await f.browser.execute(
                "window.notReloaded = true; document.querySelector('.strip-list a:is([href=\"/stories/\(F.linked(F.maya))\"], [href^=\"/profile/\(F.linked(F.maya))/story/\"])').click()"
            )
            #expect(try await f.waitForPath("/profile/\(F.linked(F.maya))/story/3muojebufwseb"))
            #expect(
                await CrashRecoveryTests.waitUntil(timeout: .seconds(10)) { f.appView.imageRequests(containing: erinPhoto) >= 1 },
                "the next person's photo was not fetched ahead")
            #expect(
                try await f.browser.waitUntil(
                    """
                    const pages = performance.getEntriesByType('resource').map(e => new URL(e.name).pathname);
                    return pages.includes(arguments[0]) && pages.includes(arguments[1]);
                    """, [.string("/profile/\(F.linked(F.maya))/story/3muovdv3qvkv2"), .string("/profile/\(F.linked(F.erin))/story/3mstandfdhj0")]),
                "the next story's and the next person's pages were not fetched ahead")
            try await f.browser.swipe(from: (320, 500), to: (60, 510))
            #expect(try await f.waitForPath("/profile/\(F.linked(F.erin))/story/3mstandfdhj0"))
            #expect(try await f.browser.execute("return document.querySelector('dialog.viewer .story-image').complete").bool == true)
            #expect(f.appView.imageRequests(containing: erinPhoto) == 1, "her photo was asked for again")
            #expect(try await f.browser.execute("return window.notReloaded === true").bool == true)
        }
    }
}
