import ATProtoTestKit
import AppTestKit
import Foundation
import GrainStoriesWeb
import MicroHTTPServer
import PhotoPipeline
import PhotoTestKit
import TestKit
import Testing

/// GrainStories as an installable app, in real browsers. Chromium, through DevTools: the
/// manifest parses without errors, the app is installable on a secure local address, the
/// service worker registers and keeps only the offline page and fingerprinted assets
/// (never a page someone signed in saw), and with the server gone the offline page shows
/// and retries by itself until the server is back. WebKitGTK: the manifest and every
/// icon load, and nothing breaks where a feature is missing.
@Suite(.serialized) struct WebAppBrowserTests {
    typealias F = BrowserFixture

    /// The one worker is active and controls the page (it claims open pages when it
    /// activates, so no reload is needed).
    static let controlled =
        "return navigator.serviceWorker.ready.then(r => !!r.active && r.active.state === 'activated' && !!navigator.serviceWorker.controller)"

    /// Every URL in every cache of this origin, as paths.
    static let cachedPaths = """
        return caches.keys().then(names => Promise.all(names.map(name => caches.open(name).then(cache => cache.keys())))
          .then(lists => ({ names: names, paths: [].concat(...lists).map(request => new URL(request.url).pathname) })));
        """

    @Test func theManifestHasNoErrorsAndTheAppIsInstallableOnALocalAddress() async throws {
        try await F.run(.chromium, screen: .phone) { f in
            let browser = f.browser
            try await browser.navigate(f.base + "/")
            #expect(try await browser.waitUntil(Self.controlled, timeout: .seconds(20)), "the service worker took over the page")

            let manifest = try await browser.cdp("Page.getAppManifest")
            #expect(manifest["url"]?.string == f.base + "/manifest.webmanifest", "\(manifest)")
            #expect(manifest["errors"]?.array?.isEmpty == true, "manifest errors: \(manifest["errors"] ?? [])")
            #expect(manifest["data"]?.string?.contains("\"share_target\"") == true)

            // Chromium answers once it has checked the manifest, the icons and the worker.
            let installability = try await browser.cdp("Page.getInstallabilityErrors")
            let errors = installability["installabilityErrors"]?.array ?? [["missing": "list"]]
            #expect(errors.isEmpty, "installability errors: \(errors)")

            // The registration is the one worker, for the whole site.
            let registration = try await browser.execute(
                "return navigator.serviceWorker.getRegistration('/').then(r => ({ scope: r.scope, script: r.active.scriptURL }))")
            #expect(registration["scope"]?.string == f.base + "/")
            #expect(registration["script"]?.string == f.base + "/sw.js")
        }
    }

    /// Signed in, the pages a person sees are never kept: after visiting them under the
    /// worker, every cached URL is the offline page or a fingerprinted asset. Then the
    /// server goes away: a page asked for shows the offline page (styled from the cache),
    /// which tries again by itself and opens the page once a server answers again.
    @Test func noSignedInPageIsCachedAndTheShellLoadsOfflineThenRecovers() async throws {
        let pds = try FakePDS()
        let appView = try StandInAppView(image: try JPEGEncoder.encode(TestImages.photoLike(width: 300, height: 400), quality: 85))
        var app: LiveApp? = try await LiveApp.start(appViewURL: appView.baseURL)
        var restarted: LiveApp?
        let driver = try await BrowserEngine.chromium.startDriver()
        var failure: (any Error)?
        var browser: WebDriver?
        do {
            let page = try await WebDriver.start(driver, reducedMotion: true, dark: false, screen: .phone)
            browser = page
            let live = try #require(app)
            let base = live.baseURL
            try await F.signIn(page, base: base, pds: pds)
            try await page.navigate(base + "/")
            #expect(try await page.waitUntil(Self.controlled, timeout: .seconds(20)))
            // Pages a signed-in person sees, now through the worker.
            for path in ["/stories/new", "/tv", "/"] {
                try await page.navigate(base + path)
            }
            #expect(try await page.waitUntil("return document.body.textContent.includes('@alice.test')"), "signed in")

            let cached = try await page.execute(Self.cachedPaths)
            let names = cached["names"]?.array?.compactMap(\.string) ?? []
            let paths = cached["paths"]?.array?.compactMap(\.string) ?? []
            #expect(names.count == 1 && names.allSatisfy { $0.hasPrefix("grainstories-") }, "one cache, this release's: \(names)")
            #expect(paths.contains("/offline") && paths.contains(live.root.pages.assets.url(for: "app.css")), "\(paths)")
            let fingerprinted = #/^/assets/.+\.[0-9a-f]{10}(\.[A-Za-z0-9]+)?$/#
            let unexpected = paths.filter { $0 != "/offline" && (try? fingerprinted.wholeMatch(in: $0)) == nil }
            #expect(unexpected.isEmpty, "kept besides the offline page and assets: \(unexpected)")
            let port = live.server.port

            // The server goes away.
            await live.stop()
            app = nil
            try await page.navigate(base + "/stories/new")
            #expect(try await page.waitUntil("return document.querySelector('h1')?.textContent === \"Can't reach the server\""))
            #expect(try await page.execute("return location.pathname").string == "/stories/new", "the address is the page asked for")
            #expect(
                try await page.execute("return getComputedStyle(document.body).backgroundColor !== 'rgba(0, 0, 0, 0)'").bool == true,
                "styled by the cached stylesheet")
            #expect(!(try await page.execute("return document.body.textContent").string ?? "").contains("alice"), "names no one")
            // It tries again by itself (on its timer, and at once when the phone says it is
            // online), finds nothing, and waits longer before the next try.
            try await page.execute("window.dispatchEvent(new Event('online'))")
            #expect(try await page.waitUntil("return document.querySelector('.offline-status').textContent.includes('in 10 seconds')"))

            // A server answers on the same address again: the page opens what was asked
            // for by itself (the new server knows no session, so it asks to sign in). With
            // neither the timer nor the online event it stays (both broken by hand once).
            restarted = try await LiveApp.start(appViewURL: appView.baseURL) { $0.port = port }
            try await page.execute("window.dispatchEvent(new Event('online'))")
            #expect(try await page.waitUntil("return location.pathname === '/signin' && !!document.querySelector('#identifier')", timeout: .seconds(40)))
        } catch {
            failure = error
        }
        await browser?.quit()
        driver.stop()
        await app?.stop()
        await restarted?.stop()
        await appView.stop()
        pds.stop()
        if let failure { throw failure }
    }

    /// WebKitGTK reads the manifest and the icons it names, and the Apple touch icon the
    /// page links; whatever of service workers it lacks, the page works and logs nothing.
    @Test func webKitReadsTheManifestAndIconsAndNothingBreaks() async throws {
        try await F.run(.webkit, screen: .phone) { f in
            let browser = f.browser
            try await browser.navigate(f.base + "/")
            #expect(try await browser.waitUntil("return document.readyState === 'complete'"))
            try await browser.execute(
                """
                window.__icons = null;
                const manifestURL = document.querySelector('link[rel=manifest]').href;
                const touch = document.querySelector('link[rel=apple-touch-icon]').href;
                fetch(manifestURL).then(r => r.json()).then(manifest => Promise.all(
                  manifest.icons.map(icon => icon.src).concat([touch]).map(src => new Promise(done => {
                    const image = new Image();
                    image.onload = () => done({ src: src, width: image.naturalWidth });
                    image.onerror = () => done({ src: src, width: 0 });
                    image.src = src;
                  })))).then(list => { window.__icons = list; }, error => { window.__icons = String(error); });
                """)
            #expect(try await browser.waitUntil("return Array.isArray(window.__icons)"))
            let icons = try await browser.execute("return window.__icons").array ?? []
            #expect(icons.count == 6, "\(icons)")
            #expect(icons.allSatisfy { ($0["width"]?.double ?? 0) > 0 }, "every icon decodes: \(icons)")
            // The page itself is whole (the fixture also checks it logged no errors).
            #expect(try await browser.execute("return !!document.querySelector('main') && document.styleSheets.length > 0").bool == true)
        }
    }

    /// "Take a photo" (the camera, `capture`) sits beside "Choose a photo" on a touch
    /// screen and is not offered on a desktop; without the script both are the browser's
    /// own inputs; with it, the camera's photo uploads at once and the draft follows.
    @Test(arguments: [BrowserScreen.phone, .desktop])
    func takeAPhotoSitsBesideChooseAPhotoOnTouchScreens(screen: BrowserScreen) async throws {
        let pds = try FakePDS()
        defer { pds.stop() }
        try await F.run(.chromium, reducedMotion: true, screen: screen) { f in
            let browser = f.browser
            try await f.signIn(pds)
            try await browser.navigate(f.base + "/stories/new")
            #expect(try await browser.waitUntil("return document.querySelector('form.upload-form').dataset.enhanced === '1'"))
            let measure = """
                const box = (css) => { const r = document.querySelector(css).getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; };
                const camera = document.querySelector('#camera');
                return { choose: box('label[for=photo]'), take: box('label[for=camera]'), capture: camera.getAttribute('capture'),
                         accept: camera.accept, name: camera.name, text: document.querySelector('label[for=camera]').textContent.trim(),
                         cameraInput: box('#camera') };
                """
            let scripted = try await browser.execute(measure)
            let choose = scripted["choose"]?.array?.compactMap(\.double) ?? []
            let take = scripted["take"]?.array?.compactMap(\.double) ?? []
            #expect(scripted["capture"]?.string == "environment" && scripted["accept"]?.string == "image/*" && scripted["name"]?.string == "photo")
            #expect(choose.count == 4 && choose[2] > 0 && choose[3] >= 44, "Choose a photo is there: \(scripted)")
            switch screen {
            case .phone:
                #expect(scripted["text"]?.string == "Take a photo")
                #expect(take.count == 4 && take[2] >= 44 && take[3] >= 44, "a real target: \(scripted)")
                #expect(take.count == 4 && abs(take[1] - choose[1]) < 1 && take[0] > choose[0], "beside Choose a photo: \(scripted)")
                // Without the script, both are the browser's own inputs, drawn to be used.
                try await browser.execute("document.querySelector('form.upload-form').removeAttribute('data-enhanced')")
                let plain = try await browser.execute(measure)
                let input = plain["cameraInput"]?.array?.compactMap(\.double) ?? []
                #expect(input.count == 4 && input[2] >= 100 && input[3] >= 24, "the camera input is drawn: \(plain)")
                try await browser.execute("document.querySelector('form.upload-form').dataset.enhanced = '1'")
                // The camera's photo uploads and becomes the draft, as a chosen one does.
                let photo = ProjectPaths.temporaryDirectory("camera") + "/image.jpg"
                try Data(try SamplePhotos.portlandPhone()).write(to: URL(fileURLWithPath: photo))
                try await browser.sendKeys(try await browser.element("#camera"), photo)
                #expect(
                    try await browser.waitUntil(
                        "return location.pathname.startsWith('/drafts/') && !!document.querySelector('main.draft-page')", timeout: .seconds(20)))
            default:
                #expect(take.count == 4 && take[2] == 0 && take[3] == 0, "no camera on a desktop: \(scripted)")
            }
        }
    }
}
