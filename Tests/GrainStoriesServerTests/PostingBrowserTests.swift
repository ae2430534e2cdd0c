import ATProtoTestKit
import AppTestKit
import Foundation
import GrainStoriesWeb
import MicroHTTPServer
import PhotoPipeline
import PhotoTestKit
import TestKit
import Testing

/// Posting from a browser, end to end, in headless Chromium and in WebKitGTK at phone,
/// desktop and TV sizes: sign in, choose a JPEG with GPS on the one posting screen (it uploads at once
/// and the draft appears in place, Post in view), post, see the story from your own tile
/// and in the viewer, delete it.
@Suite(.serialized) struct PostingBrowserTests {
    @Test(arguments: BrowserEngine.allCases, BrowserScreen.allCases)
    func signInPostSeeAndDeleteOnOneScreen(engine: BrowserEngine, screen: BrowserScreen) async throws {
        let pds = try FakePDS()
        let nominatim = try StandInNominatim()
        // Reduced motion: the viewer starts paused, so it never moves on to the next
        // author by itself while this test looks at the new story.
        do {
            try await BrowserFixture.run(engine, reducedMotion: true, screen: screen, { $0.nominatimURL = nominatim.baseURL }) { fixture in
                try await scenario(browser: fixture.browser, app: fixture.app, pds: pds)
            }
        } catch {
            await nominatim.stop()
            pds.stop()
            throw error
        }
        await nominatim.stop()
        pds.stop()
    }

    /// Chromium cannot show a HEIC: the form says so instead of showing a broken image,
    /// and the draft page shows the server's prepared photo.
    @Test func aHEICTheBrowserCannotShowIsSeenOnTheDraftPage() async throws {
        let pds = try FakePDS()
        do {
            try await BrowserFixture.run { fixture in
                let browser = fixture.browser
                try await fixture.signIn(pds)
                try await browser.navigate(fixture.base + "/stories/new")
                // The upload starts as soon as the photo is chosen, so what the form showed
                // meanwhile is recorded as it happens (the observer keeps watching the form
                // after the draft has replaced it).
                try await browser.execute(
                    """
                    window.noteShown = false; window.previewShown = false;
                    const form = document.querySelector('form.upload-form');
                    const note = form.querySelector('.upload-note'), preview = form.querySelector('.upload-preview');
                    new MutationObserver(() => {
                        if (!note.hidden) { window.noteShown = true; }
                        if (!preview.hidden) { window.previewShown = true; }
                    }).observe(form, { attributes: true, subtree: true });
                    """)
                let photo = ProjectPaths.temporaryDirectory("upload") + "/IMG_0042.HEIC"
                try Data(Fixtures.bytes("heic-gps.heic")).write(to: URL(fileURLWithPath: photo))
                try await browser.sendKeys(try await browser.element("#photo"), photo)
                #expect(try await browser.waitUntil("return location.pathname.startsWith('/drafts/')", timeout: .seconds(20)))
                #expect(try await browser.waitUntil("return window.noteShown === true"), "a note instead of a preview")
                #expect(try await browser.execute("return window.previewShown").bool == false, "no broken image")
                #expect(try await browser.waitUntil("const img = document.querySelector('.draft-photo img'); return img.complete && img.naturalWidth === 64"))
            }
        } catch {
            pds.stop()
            throw error
        }
        pds.stop()
    }

    /// An upload in progress can be cancelled, and the chosen photo is kept: Continue
    /// then sends it. The upload is held in progress by DevTools' network throttling
    /// (Chromium only: WebKitGTK's driver has no throttling), so Cancel is pressed while
    /// the bytes are still going.
    @Test func anUploadInProgressCanBeCancelledAndThePhotoIsKept() async throws {
        let pds = try FakePDS()
        defer { pds.stop() }
        try await BrowserFixture.run { fixture in
            let browser = fixture.browser
            try await fixture.signIn(pds)
            try await browser.navigate(fixture.base + "/stories/new")
            #expect(try await browser.execute("return document.querySelector('a.link-button[href=\"/\"]')?.textContent").string == "Cancel")
            _ = try await browser.cdp("Network.enable")
            _ = try await browser.cdp(
                "Network.emulateNetworkConditions",
                ["offline": false, "latency": 0, "downloadThroughput": -1, "uploadThroughput": 20_000])
            let photo = ProjectPaths.temporaryDirectory("upload") + "/IMG_2041.jpg"
            try Data(try SamplePhotos.portlandPhone()).write(to: URL(fileURLWithPath: photo))
            try await browser.sendKeys(try await browser.element("#photo"), photo)
            try #require(try await browser.waitUntil("return document.querySelector('.upload-status').textContent === 'Uploading…'"))
            // While it uploads there is one way out, and it says what it does.
            let during = try await browser.execute(
                """
                const shown = (css) => { const e = document.querySelector(css); return !!e && e.getClientRects().length > 0; };
                return { stop: shown('.upload-cancel') ? document.querySelector('.upload-cancel').textContent : null, leave: shown('.upload-leave') };
                """)
            #expect(during["stop"]?.string == "Stop uploading", "\(during)")
            #expect(during["leave"]?.bool == false, "Cancel (leaving, which drops the photo) is not offered beside it: \(during)")
            try await browser.execute("document.querySelector('.upload-cancel').click()")
            #expect(
                try await browser.waitUntil(
                    "return document.querySelector('.upload-status').textContent.startsWith('Upload stopped. Your photo is still chosen') && document.querySelector('.upload-meter').hidden"
                ))
            #expect(
                try await browser.execute("return document.querySelector('.upload-leave').getClientRects().length > 0").bool == true,
                "once stopped, leaving is offered again")
            #expect(
                try await browser.execute(
                    "const b = document.querySelector('button.upload-continue'); return !b.hidden && !b.disabled && document.querySelector('#photo').files.length === 1"
                ).bool == true, "Continue is offered and the photo is still chosen")
            #expect(try await browser.execute("return location.pathname").string == "/stories/new")

            _ = try await browser.cdp(
                "Network.emulateNetworkConditions", ["offline": false, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1])
            try await browser.execute("document.querySelector('button.upload-continue').click()")
            #expect(
                try await browser.waitUntil(
                    "return location.pathname.startsWith('/drafts/') && !!document.querySelector('main.draft-page')", timeout: .seconds(20)),
                "Continue uploads the photo that was kept")
        }
    }

    /// Discard is apart from Post and asks first (a native disclosure, so no script is
    /// needed): one tap deletes nothing; "Yes, discard it" does, and the home page says so.
    @Test func discardingADraftAsksFirstAndTheHomePageSaysItWasDone() async throws {
        let pds = try FakePDS()
        defer { pds.stop() }
        try await BrowserFixture.run(screen: .phone) { fixture in
            let browser = fixture.browser
            try await fixture.signIn(pds)
            try await browser.navigate(fixture.base + "/stories/new")
            let photo = ProjectPaths.temporaryDirectory("upload") + "/IMG_2042.jpg"
            try Data(try SamplePhotos.portlandPhone()).write(to: URL(fileURLWithPath: photo))
            try await browser.sendKeys(try await browser.element("#photo"), photo)
            #expect(try await browser.waitUntil("return !!document.querySelector('main.draft-page form.draft-form')", timeout: .seconds(20)))
            let draftPath = try #require(try await browser.execute("return location.pathname").string)
            let before = try await browser.execute(
                """
                const yes = document.querySelector('button[value=discard]');
                const post = document.querySelector('button[value=publish]').getBoundingClientRect();
                const summary = document.querySelector('.discard-draft summary').getBoundingClientRect();
                return { yesShown: yes.checkVisibility(), inPostBar: !!yes.closest('.form-actions-sticky'),
                         apart: summary.top - post.bottom };
                """)
            #expect(before["yesShown"]?.bool == false, "nothing that discards is shown before asking: \(before)")
            #expect(before["inPostBar"]?.bool == false)
            #expect((before["apart"]?.double ?? 0) >= 24, "set apart from Post: \(before)")
            try await browser.click(try await browser.element(".discard-draft summary"))
            #expect(try await browser.waitUntil("return document.querySelector('button[value=discard]').checkVisibility()"))
            #expect(try await browser.execute("return location.pathname").string == draftPath, "one tap deletes nothing")
            try await browser.click(try await browser.element("button[value=discard]"))
            #expect(try await browser.waitUntil("return location.pathname === '/'"))
            #expect(
                try await browser.waitUntil(
                    "const m = document.querySelector('.done-message'); return !!m && m.getClientRects().length > 0 && m.textContent.includes('Draft discarded.')"
                ))
            #expect(
                try await browser.execute("return !!document.querySelector('a[href=\"\(draftPath)\"]')").bool == false,
                "the draft is gone from the list of posts not posted yet")
        }
    }

    private func scenario(browser: WebDriver, app: LiveApp, pds: FakePDS) async throws {
        let base = app.baseURL
        try await BrowserFixture.signIn(browser, base: base, pds: pds)

        // Your own tile (no story yet) leads to the posting screen.
        try await browser.click(try await browser.element(".strip-create a[href='/stories/new']"))
        #expect(try await browser.waitUntil("return location.pathname === '/stories/new'"))
        // Before a photo is chosen: no preview (no broken image), no progress, and with the
        // script no Continue button (choosing is enough); the choosers are large targets:
        // "Choose a photo" alone, or beside "Take a photo" on a touch screen, together
        // as wide as before and each at least 120 px tall and 140 px wide.
        let shown = try await browser.execute(ViewerBrowserTests.visibleHidden)
        #expect(shown.array?.isEmpty == true, "shown although hidden: \(shown)")
        let before = try await browser.execute(
            """
            const group = document.querySelector('.file-choices').getBoundingClientRect();
            const targets = [...document.querySelectorAll('.file-target')].filter(t => t.getClientRects().length > 0)
              .map(t => t.getBoundingClientRect()).map(r => ({ width: r.width, height: r.height }));
            return { preview: document.querySelector('.upload-preview').getBoundingClientRect().height,
                     continueShown: document.querySelector('.upload-continue').getClientRects().length > 0,
                     targets: targets, groupWidth: group.width, width: innerWidth };
            """)
        #expect(before["preview"]?.double == 0)
        #expect(before["continueShown"]?.bool == false)
        let targets = before["targets"]?.array ?? []
        #expect(!targets.isEmpty, "\(before)")
        #expect(targets.allSatisfy { ($0["height"]?.double ?? 0) >= 120 && ($0["width"]?.double ?? 0) >= 140 }, "\(before)")
        #expect((before["groupWidth"]?.double ?? 0) >= min(300, (before["width"]?.double ?? 0) * 0.7), "\(before)")
        try await browser.execute(
            """
            window.sameDocument = true;
            window.percents = [];
            const percent = document.querySelector('.upload-percent');
            new MutationObserver(() => window.percents.push(percent.textContent)).observe(percent, { childList: true, characterData: true, subtree: true });
            """)

        // Choosing the photo uploads it, and the draft appears on the same screen.
        let photo = ProjectPaths.temporaryDirectory("upload") + "/IMG_2041.jpg"
        try Data(try SamplePhotos.portlandPhone()).write(to: URL(fileURLWithPath: photo))
        try await browser.sendKeys(try await browser.element("#photo"), photo)
        #expect(
            try await browser.waitUntil("return location.pathname.startsWith('/drafts/') && !!document.querySelector('main.draft-page')", timeout: .seconds(20))
        )
        #expect(try await browser.execute("return window.sameDocument === true").bool == true, "no second page: the draft replaced the form in place")
        #expect(try await browser.execute("return window.percents.includes('100%')").bool == true, "the upload showed its percentage")

        // The draft shows the photo and the place suggested from its GPS; Post is in view.
        #expect(
            try await browser.waitUntil(
                "return document.querySelector('#place_name') && document.querySelector('#place_name').value === \"Powell's City of Books\""))
        #expect(try await browser.waitUntil("const img = document.querySelector('.draft-photo img'); return img.complete && img.naturalWidth > 0"))
        let post = try await browser.execute(
            """
            const r = document.querySelector('button[value=publish]').getBoundingClientRect();
            return { top: r.top, bottom: r.bottom, height: innerHeight, scrolled: scrollY };
            """)
        #expect(
            (post["top"]?.double ?? -1) >= 0 && (post["bottom"]?.double ?? .infinity) <= (post["height"]?.double ?? 0),
            "Post is on screen without scrolling: \(post)")
        try await browser.click(try await browser.element("button[value=publish]"))
        #expect(try await browser.waitUntil("return document.body.textContent.includes('Posted.')", timeout: .seconds(20)), "posting finished")
        #expect(pds.records("social.grain.story").count == 1)

        // Your tile now offers your story; it plays in the viewer, with a delete control.
        try await browser.navigate(base + "/")
        let handle = FakePDS.Account.alice.handle
        try await browser.click(try await browser.element(".strip-create summary"))
        #expect(
            try await browser.waitUntil(
                "return document.querySelector('.own-menu').open && document.querySelector('.own-menu-item').getClientRects().length > 0"))
        #expect(try await browser.execute("return document.querySelector('.own-menu-item').getAttribute('href')").string == "/stories/\(handle)")
        try await browser.click(try await browser.element(".own-menu-item"))
        #expect(
            try await browser.waitUntil(
                "return !!document.querySelector('dialog.viewer[open]') && document.querySelector('.story-image').complete && document.querySelector('.story-image').naturalWidth > 0"
            ))
        #expect(try await browser.execute("return location.pathname").string?.hasPrefix("/profile/\(handle)/story/") == true)
        try await browser.execute("document.querySelector('.viewer-delete').click()")
        #expect(try await browser.waitUntil("return location.pathname.endsWith('/delete')"))
        try await browser.click(try await browser.element("button.button-danger"))
        #expect(try await browser.waitUntil("return location.pathname === '/'"))
        #expect(pds.records("social.grain.story").isEmpty)
        #expect(
            try await browser.execute("return !!document.querySelector('a:is([href=\"/stories/\(handle)\"], [href^=\"/profile/\(handle)/story/\"])')").bool
                == false)
    }
}
