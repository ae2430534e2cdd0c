import ATProto
import ATProtoTestKit
import AppTestKit
import Foundation
import GrainStoriesWeb
import TestKit
import Testing
import Viewing

/// TV mode as a photo frame in a browser: photos fade into each other only once the
/// next is decoded (not under reduced motion, not when the screen says no), two
/// portraits share a landscape screen, each with its name, and a screen turned upright
/// shows them one at a time (the clock's place: `TVClockBrowserTests`); the QR code on
/// screen reads back as the story's address; a page restored from the back-forward
/// cache fetches itself again. Chromium and WebKitGTK where they can both do it.
@Suite(.serialized) struct TVFrameBrowserTests {
    typealias F = BrowserFixture
    typealias TV = TVBrowserTests

    /// From now on, for every page that comes in: whether each of its photos was loaded
    /// and decoded when it was put in, whether the page before it was still there and
    /// fading out (an opacity animation on it), and when that page went.
    static let watchSwaps = """
        window.__arrivals = [];
        new MutationObserver((records) => {
            for (const record of records) {
                for (const node of record.addedNodes) {
                    if (!node.matches || !node.matches('main.tv')) { continue; }
                    const images = [...node.querySelectorAll('.tv-image')];
                    const old = node.nextElementSibling && node.nextElementSibling.matches('main.tv') ? node.nextElementSibling : null;
                    const fades = old ? old.getAnimations().filter((a) => a.effect && a.effect.getKeyframes().some((k) => 'opacity' in k)) : [];
                    window.__arrivals.push({
                        story: node.getAttribute('data-story'),
                        decoded: images.length > 0 && images.every((i) => i.complete && i.naturalWidth > 0),
                        oldStays: !!old && old.isConnected, fading: fades.length, fadeMs: fades.length ? fades[0].effect.getTiming().duration : 0,
                        oldInert: !!old && old.classList.contains('tv-leaving'),
                    });
                }
            }
        }).observe(document.body, { childList: true });
        """

    static func arrivals(_ f: F) async throws -> [WebDriverJSON] {
        try await f.browser.execute("return window.__arrivals").array ?? []
    }

    @Test(arguments: BrowserEngine.allCases) func theNextPhotoIsDecodedBeforeItComesInAndTheOldOneFadesOut(engine: BrowserEngine) async throws {
        try await F.run(engine, screen: .tv, { $0.tvPortraitPairs = .off }) { f in
            try await TV.open(f, "interval=60")
            try await f.browser.execute(Self.watchSwaps)
            try await f.browser.press(WebDriver.arrowRight)
            #expect(try await TV.waitForStory(f, TV.tomasFirst))
            #expect(try await f.browser.waitUntil("return document.querySelectorAll('main.tv').length === 1"), "the old page goes once faded")
            let arrived = try await Self.arrivals(f)
            try #require(arrived.count == 1, "\(arrived)")
            #expect(arrived[0]["decoded"]?.bool == true, "its photo was decoded before it came in: \(arrived)")
            #expect(arrived[0]["oldStays"]?.bool == true && arrived[0]["oldInert"]?.bool == true, "the old page stays over it, out of reach: \(arrived)")
            #expect(arrived[0]["fading"]?.double == 1 && arrived[0]["fadeMs"]?.double == 1200, "and fades out: \(arrived)")
        }
    }

    /// Under `prefers-reduced-motion` (Chromium's emulation; WebKitGTK's from GTK's
    /// settings at launch) and with the screen's setting off, the next page simply replaces
    /// the last, still only once its photo is decoded.
    @Test(arguments: BrowserEngine.allCases) func reducedMotionOrTheScreensSettingMeanNoFade(engine: BrowserEngine) async throws {
        try await F.run(engine, reducedMotion: true, screen: .tv, { $0.tvPortraitPairs = .off }) { f in
            try await TV.open(f, "interval=60")
            try await f.browser.execute(Self.watchSwaps)
            try await f.browser.press(WebDriver.arrowRight)
            #expect(try await TV.waitForStory(f, TV.tomasFirst))
            let arrived = try await Self.arrivals(f)
            #expect(arrived.count == 1 && arrived[0]["decoded"]?.bool == true, "\(arrived)")
            #expect(arrived.first?["oldStays"]?.bool == false && arrived.first?["fading"]?.double == 0, "no fade: \(arrived)")
        }
        try await F.run(engine, screen: .tv, { $0.tvPortraitPairs = .off }) { f in
            try await f.browser.navigate(f.base + "/tv/settings")
            try await f.browser.click(try await f.browser.element("input[name=fade]"))
            try #require(try await f.browser.waitUntil("return !document.querySelector('input[name=fade]').checked"), "fading unticked before saving")
            try await f.browser.click(try await f.browser.element("form.stack-form button[type=submit]"))
            #expect(try await f.waitForPath("/tv"))
            try await TV.open(f, "interval=60")
            try await f.browser.execute(Self.watchSwaps)
            try await f.browser.press(WebDriver.arrowRight)
            #expect(try await TV.waitForStory(f, TV.tomasFirst))
            let arrived = try await Self.arrivals(f)
            #expect(try await f.browser.execute("return document.querySelector('main.tv').getAttribute('data-fade')").string == "false")
            #expect(
                arrived.count == 1 && arrived.first?["oldStays"]?.bool == false && arrived.first?["fading"]?.double == 0,
                "fading off on this screen: \(arrived)")
        }
    }

    /// Where each photo is painted (its `<img>` box narrowed by object-fit: contain) and
    /// where each name is, for two portraits side by side.
    static let pairLayout =
        F.boxHelpers + """
            const painted = (img) => {
                const r = box(img), shape = img.naturalWidth / img.naturalHeight;
                const width = Math.min(r.width, r.height * shape), height = Math.min(r.height, r.width / shape);
                const position = getComputedStyle(img).objectPosition.split(' ')[0];
                const x = position === '100%' ? r.x + r.width - width : position === '0%' ? r.x : r.x + (r.width - width) / 2;
                return { x, y: r.y + (r.height - height) / 2, width, height };
            };
            const main = document.querySelector('main.tv');
            const photos = [...main.querySelectorAll('.tv-image')].map(painted);
            const captions = [...main.querySelectorAll('.tv-caption')].map(box);
            return { partner: main.getAttribute('data-partner'), names: [...main.querySelectorAll('.tv-name')].map((n) => n.textContent),
                     photos, captions, screen: screenBox,
                     apart: photos.length === 2 && apart(photos[0], photos[1]),
                     onScreen: photos.every((p) => inside(p, screenBox)) && captions.every((c) => inside(c, screenBox)),
                     ownHalves: captions.length === 2 && captions[0].x + captions[0].width <= innerWidth / 2 + 0.5 && captions[1].x >= innerWidth / 2 - 0.5,
                     loaded: [...main.querySelectorAll('.tv-image')].every((i) => i.complete && i.naturalWidth > 0) };
            """

    @Test(arguments: BrowserEngine.allCases) func twoPortraitsShareALandscapeScreenEachWithItsName(engine: BrowserEngine) async throws {
        try await F.run(engine, screen: .tv) { f in
            try await TV.open(f, "interval=60&at=\(TV.tomasFirst)")
            #expect(
                try await f.browser.waitUntil(
                    "return document.querySelector('main.tv').getAttribute('data-partner') === arguments[0]", [.string(TV.tomasSecond)]))
            #expect(try await f.browser.waitUntil("return [...document.querySelectorAll('main.tv .tv-image')].every((i) => i.complete && i.naturalWidth > 0)"))
            let layout = try await f.browser.execute(Self.pairLayout)
            #expect(layout["names"]?.array?.compactMap(\.string) == ["Tomás Reyes", "Tomás Reyes"], "\(layout)")
            #expect(layout["apart"]?.bool == true && layout["onScreen"]?.bool == true, "side by side, whole: \(layout)")
            #expect(layout["ownHalves"]?.bool == true, "each name in its own half: \(layout)")
            let photos = layout["photos"]?.array ?? []
            let gap = (photos.last?["x"]?.double ?? 0) - ((photos.first?["x"]?.double ?? 0) + (photos.first?["width"]?.double ?? 0))
            #expect(gap > 0 && gap < 60, "they meet in the middle, a little apart: \(gap) px")
            try await f.browser.press(WebDriver.arrowRight)
            #expect(try await TV.waitForStory(f, TV.mayaFirst), "→ moves past both")
        }
    }

    /// A tablet standing up is told apart by its script (the `tvscreen` cookie) and shows
    /// one story at a time; turned on its side, the pair comes back without a reload.
    @Test func aTabletTurnedUprightShowsOneAtATimeAndTwoOnItsSide() async throws {
        try await F.run(screen: .phone) { f in
            // A page first: the emulated size is taken by a page on screen.
            try await TV.open(f, "interval=60&at=\(TV.tomasFirst)")
            try await f.emulate(.portraitTablet)
            #expect(
                try await f.browser.waitUntil(
                    "const m = document.querySelector('main.tv'); return m.getAttribute('data-shape') === 'tall' && !m.hasAttribute('data-partner')"),
                "upright: no pair")
            try await f.emulate(F.Size(width: 1180, height: 820, scale: 2, mobile: true))
            #expect(
                try await f.browser.waitUntil(
                    "const m = document.querySelector('main.tv'); return m.getAttribute('data-shape') === 'wide' && m.getAttribute('data-partner') === arguments[0]",
                    timeout: .seconds(20), [.string(TV.tomasSecond)]), "on its side: the pair")
            #expect(try await f.browser.execute("return window.notReloaded === true").bool == true)
        }
    }

    /// With QR codes on, the screen itself (a screenshot, as a phone camera would see it)
    /// holds a code that reads back as the address of the story on screen, in handle form.
    @Test(arguments: [F.Size.tv, .fourK]) func theQRCodeOnScreenOpensTheStoryOnScreen(size: F.Size) async throws {
        try await F.run(
            screen: .tv,
            {
                $0.tvQRCode = true
                $0.tvPortraitPairs = .off
            }
        ) { f in
            try await TV.open(f, "interval=60")
            try await f.emulate(size)
            #expect(try await f.browser.waitUntil("const q = document.querySelector('main.tv .tv-qr'); return !!q && q.complete && q.naturalWidth > 0"))
            let texts = try QRCodeReader.texts(inImage: try await f.browser.screenshot(), extension: "png")
            #expect(texts == ["\(f.base)/profile/kenji.photo/story/3mstanddocu0"], "\(size): \(texts)")
            try await f.browser.press(WebDriver.arrowRight)
            #expect(try await TV.waitForStory(f, TV.tomasFirst))
            #expect(try await f.browser.waitUntil("return document.querySelectorAll('main.tv').length === 1"))
            let next = try QRCodeReader.texts(inImage: try await f.browser.screenshot(), extension: "png")
            #expect(next == ["\(f.base)/profile/tomasreyes.selfhosted.social/story/3mstandcosf1"], "\(size): \(next)")
        }
    }

    /// A page the browser kept in its back-forward cache and shows again (`pageshow` with
    /// `persisted`) fetches itself at once: what it had may be hours old.
    @Test(arguments: BrowserEngine.allCases) func aPageShownAgainFromTheBackForwardCacheFetchesItselfAgain(engine: BrowserEngine) async throws {
        try await F.run(engine, screen: .tv) { f in
            try await TV.open(f, "interval=60")
            #expect(try await f.browser.execute("return document.querySelector('.tv-person').textContent").string == "1 of 4")
            f.appView.post(.init(did: "did:plc:newposter222222222222222", handle: "noor.test", displayName: "Noor Haddad"))
            await f.app.storyLibrary.invalidate(author: "did:plc:newposter222222222222222")
            try await f.browser.execute("window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }))")
            #expect(
                try await f.browser.waitUntil("return document.querySelector('main.tv .tv-person').textContent === '2 of 5'", timeout: .seconds(20)),
                "restored, it looked again")
            #expect(try await f.browser.execute("return window.notReloaded === true").bool == true)
        }
    }
}
