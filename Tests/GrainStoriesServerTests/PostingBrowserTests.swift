import Foundation
import GrainStoriesWeb
import JPEGProcessing
import MicroHTTPServer
import Testing
import TestSupport

/// Posting from a phone browser, end to end, in mobile-emulated headless Chromium:
/// sign in, choose a JPEG with GPS, see the draft with the suggested place, post, see
/// the story in the strip and the viewer, delete it.
@Suite(.serialized) struct PostingBrowserTests {
    @Test func signInPostSeeAndDeleteFromAPhone() async throws {
        let pds = try FakePDS()
        let nominatim = try StandInNominatim()
        // Reduced motion: the viewer starts paused, so it never moves on to the next
        // author by itself while this test looks at the new story.
        do {
            try await BrowserFixture.run(reducedMotion: true, { $0.nominatimURL = nominatim.baseURL }) { fixture in
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
                try await signIn(browser, base: fixture.base, pds: pds)
                try await browser.navigate(fixture.base + "/stories/new")
                let photo = ProjectPaths.temporaryDirectory("upload") + "/IMG_0042.HEIC"
                try Data(Fixtures.bytes("heic-gps.heic")).write(to: URL(fileURLWithPath: photo))
                try await browser.sendKeys(try await browser.element("#photo"), photo)
                #expect(try await browser.waitUntil("return !document.querySelector('.upload-note').hidden"), "a note instead of a preview")
                #expect(try await browser.execute("return document.querySelector('.upload-preview').hidden").bool == true, "no broken image")
                let shown = try await browser.execute(ViewerBrowserTests.visibleHidden)
                #expect(shown.array?.isEmpty == true, "shown although hidden: \(shown)")
                try await browser.click(try await browser.element("form.upload-form button[type=submit]"))
                #expect(try await browser.waitUntil("return location.pathname.startsWith('/drafts/')", timeout: .seconds(20)))
                #expect(try await browser.waitUntil("const img = document.querySelector('.draft-photo img'); return img.complete && img.naturalWidth === 64"))
            }
        } catch {
            pds.stop()
            throw error
        }
        pds.stop()
    }

    private func signIn(_ browser: WebDriver, base: String, pds: FakePDS) async throws {
        try await browser.navigate(base + "/signin")
        try await browser.sendKeys(try await browser.element("#identifier"), "alice.test")
        try await browser.sendKeys(try await browser.element("#password"), FakePDS.Account.alice.password)
        try await browser.execute("document.querySelector('details.advanced').open = true")
        try await browser.sendKeys(try await browser.element("#pds"), pds.baseURL)
        try await browser.click(try await browser.element("form.stack-form button[type=submit]"))
        #expect(try await browser.waitUntil("return location.pathname === '/' && document.body.textContent.includes('@alice.test')"))
    }

    private func scenario(browser: WebDriver, app: LiveApp, pds: FakePDS) async throws {
        let base = app.baseURL
        try await signIn(browser, base: base, pds: pds)

        // Choose a photo with GPS on the phone and upload it.
        try await browser.click(try await browser.element("a[href='/stories/new']"))
        #expect(try await browser.waitUntil("return location.pathname === '/stories/new'"))
        // Before a photo is chosen there is no preview (no broken image) and no progress bar.
        let shown = try await browser.execute(ViewerBrowserTests.visibleHidden)
        #expect(shown.array?.isEmpty == true, "shown although hidden: \(shown)")
        #expect(try await browser.execute("return document.querySelector('.upload-preview').getBoundingClientRect().height").double == 0)
        let photo = ProjectPaths.temporaryDirectory("upload") + "/IMG_2041.jpg"
        try Data(try SamplePhotos.portlandPhone()).write(to: URL(fileURLWithPath: photo))
        try await browser.sendKeys(try await browser.element("#photo"), photo)
        #expect(try await browser.waitUntil("return !document.querySelector('.upload-preview').hidden"), "a preview of the chosen photo")
        try await browser.click(try await browser.element("form.upload-form button[type=submit]"))
        #expect(try await browser.waitUntil("return location.pathname.startsWith('/drafts/')", timeout: .seconds(20)))

        // The draft shows the photo and the place suggested from its GPS.
        #expect(try await browser.waitUntil("return document.querySelector('#place_name') && document.querySelector('#place_name').value === \"Powell's City of Books\""))
        #expect(try await browser.waitUntil("const img = document.querySelector('.draft-photo img'); return img.complete && img.naturalWidth > 0"))
        try await browser.click(try await browser.element("button[value=publish]"))
        #expect(try await browser.waitUntil("return document.body.textContent.includes('Posted.')", timeout: .seconds(20)), "posting finished")
        #expect(pds.records("social.grain.story").count == 1)

        // The story is first in the strip and plays in the viewer, with a delete control.
        try await browser.navigate(base + "/")
        let did = FakePDS.Account.alice.did
        #expect(try await browser.execute("return document.querySelector('a[data-opens-viewer]').getAttribute('href')").string == "/stories/\(did)")
        try await browser.execute("document.querySelector('a[data-opens-viewer]').click()")
        #expect(try await browser.waitUntil("return !!document.querySelector('dialog.viewer[open]') && document.querySelector('.story-image').complete && document.querySelector('.story-image').naturalWidth > 0"))
        #expect(try await browser.execute("return location.pathname").string?.hasPrefix("/profile/\(did)/story/") == true)
        try await browser.execute("document.querySelector('.viewer-delete').click()")
        #expect(try await browser.waitUntil("return location.pathname.endsWith('/delete')"))
        try await browser.click(try await browser.element("button.button-danger"))
        #expect(try await browser.waitUntil("return location.pathname === '/'"))
        #expect(pds.records("social.grain.story").isEmpty)
        #expect(try await browser.execute("return !!document.querySelector('a[href=\"/stories/\(did)\"]')").bool == false)
    }
}
