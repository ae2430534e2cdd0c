import AppTestKit
import Foundation
import GrainStoriesWeb
import PhotoTestKit
import Testing
import Viewing

/// Where TV mode's clock sits, measured in the browser on every screen people put on the
/// wall (a 1080p and a 4K television, a 10-inch tablet standing up and lying down, a phone;
/// Chromium's device emulation with touch, and WebKitGTK at its one desktop size), with a
/// landscape photo, a portrait photo and two portraits side by side: never over a name and
/// time, where we are in the round or a control, and off the photo whenever its
/// letterboxing leaves a band the clock fits in. Checked at four points of the slow drift
/// that keeps things from burning in, since the words and the photo wander after the clock
/// is placed.
@Suite(.serialized) struct TVClockBrowserTests {
    typealias F = BrowserFixture
    typealias TV = TVBrowserTests

    /// One screen and what is on it.
    struct Scene: Sendable, CustomStringConvertible {
        /// The photo: one of either shape, or two portraits of the same person.
        enum Photos: String, Sendable {
            case portrait, landscape, pair
        }

        let engine: BrowserEngine
        let size: F.Size
        let photos: Photos
        /// Whether the letterboxing leaves a band beside the photo (left and right of a
        /// portrait on a landscape screen, above and below a landscape one on a screen
        /// standing up) wide enough for the clock next to the words.
        let freeBand: Bool

        var description: String { "\(engine) \(size) \(photos)" }
        var tall: Bool { size.height > size.width }
    }

    static let tabletUpright = F.Size(width: 800, height: 1280, scale: 2, mobile: true)
    static let tabletOnItsSide = F.Size(width: 1280, height: 800, scale: 2, mobile: true)

    static let scenes: [Scene] = [
        Scene(engine: .chromium, size: .tv, photos: .portrait, freeBand: true),
        Scene(engine: .chromium, size: .tv, photos: .landscape, freeBand: false),
        Scene(engine: .chromium, size: .tv, photos: .pair, freeBand: false),
        Scene(engine: .chromium, size: .fourK, photos: .portrait, freeBand: true),
        Scene(engine: .chromium, size: .fourK, photos: .pair, freeBand: false),
        Scene(engine: .chromium, size: tabletUpright, photos: .landscape, freeBand: true),
        Scene(engine: .chromium, size: tabletUpright, photos: .portrait, freeBand: false),
        Scene(engine: .chromium, size: tabletOnItsSide, photos: .portrait, freeBand: true),
        Scene(engine: .chromium, size: tabletOnItsSide, photos: .landscape, freeBand: false),
        Scene(engine: .chromium, size: tabletOnItsSide, photos: .pair, freeBand: false),
        Scene(engine: .chromium, size: .phone, photos: .landscape, freeBand: true),
        Scene(engine: .chromium, size: .phone, photos: .portrait, freeBand: false),
        Scene(engine: .webkit, size: .tv, photos: .portrait, freeBand: true),
        Scene(engine: .webkit, size: .tv, photos: .pair, freeBand: false),
    ]

    /// Moves every drifting thing (the words' and the photos' animations) to `arguments[0]`
    /// of its 16-minute round and holds it there.
    static let holdDrift = """
        for (const a of document.getAnimations()) {
            const name = a.animationName || '';
            if (name === 'tv-drift' || name === 'tv-drift-photo') { a.pause(); a.currentTime = arguments[0]; }
        }
        """

    /// The clock's box against everything it must not cover: the names and times, where we
    /// are in the round, the controls (each link), and each photo's painted box (its
    /// `<img>` narrowed by object-fit: contain at its object-position).
    static let clockPlace =
        F.boxHelpers + """
            const painted = (img) => {
                const r = box(img), shape = img.naturalWidth / img.naturalHeight;
                const width = Math.min(r.width, r.height * shape), height = Math.min(r.height, r.width / shape);
                const [px, py] = getComputedStyle(img).objectPosition.split(' ').map((p) => parseFloat(p) / 100);
                return { x: r.x + (r.width - width) * px, y: r.y + (r.height - height) * py, width, height };
            };
            const main = document.querySelector('main.tv:not(.tv-leaving)');
            const clock = main.querySelector('.tv-clock');
            const c = box(clock);
            const all = (selector) => [...main.querySelectorAll(selector)].map(box);
            const captions = all('.tv-caption'), controls = all('.tv-control'), round = all('.tv-queue, .tv-progress');
            const photos = [...main.querySelectorAll('.tv-image')].map(painted);
            return { clock: c, captions, photos, onScreen: inside(c, screenBox),
                     clearOfCaptions: captions.length > 0 && captions.every((w) => apart(w, c)),
                     clearOfControls: controls.length > 0 && controls.every((w) => apart(w, c)),
                     clearOfTheRound: round.length === 2 && round.every((w) => apart(w, c)),
                     clearOfPhotos: photos.length > 0 && photos.every((p) => apart(p, c)),
                     text: clock.textContent.trim() };
            """

    @Test(arguments: scenes) func theClockHidesNoFaceAndNoWords(scene: Scene) async throws {
        let photo = scene.photos == .landscape ? TestImages.photoLike(width: 400, height: 300) : TestImages.photoLike(width: 300, height: 400)
        try await F.run(scene.engine, screen: .tv, photo: photo, { $0.tvPortraitPairs = scene.photos == .pair ? .samePerson : .off }) { f in
            try await f.browser.navigate(f.base + "/tv/settings")
            try await f.browser.click(try await f.browser.element("input[name=clock]"))
            try await f.browser.click(try await f.browser.element("form.stack-form button[type=submit]"))
            #expect(try await f.waitForPath("/tv"))
            try await TV.open(f, "interval=60" + (scene.photos == .pair ? "&at=\(TV.tomasFirst)" : ""))
            try await f.emulate(scene.size)
            // The page for this screen's shape (a pair on a landscape one), its photos in,
            // alone (no page still fading out), and its clock placed.
            #expect(
                try await f.browser.waitUntil(
                    """
                    const mains = document.querySelectorAll('main.tv');
                    const main = mains[0];
                    return mains.length === 1 && main.getAttribute('data-shape') === arguments[0]
                        && main.hasAttribute('data-partner') === arguments[1]
                        && [...main.querySelectorAll('.tv-image')].every((i) => i.complete && i.naturalWidth > 0)
                        && !!main.querySelector('.tv-clock[data-corner]');
                    """, timeout: .seconds(20), [.string(scene.tall ? "tall" : "wide"), .bool(scene.photos == .pair)]),
                "\(scene): the page for this screen never settled")
            for minute in [0, 4, 8, 12] {
                try await f.browser.execute(Self.holdDrift, [.number(Double(minute) * 60_000)])
                let place = try await f.browser.execute(Self.clockPlace)
                let at = "\(scene), drift minute \(minute): \(place)"
                #expect(place["onScreen"]?.bool == true, "on screen: \(at)")
                #expect(place["clearOfCaptions"]?.bool == true, "clear of the names: \(at)")
                #expect(place["clearOfControls"]?.bool == true, "clear of the controls: \(at)")
                #expect(place["clearOfTheRound"]?.bool == true, "clear of where we are in the round: \(at)")
                if scene.freeBand { #expect(place["clearOfPhotos"]?.bool == true, "in the free band, off the photo: \(at)") }
                #expect(place["text"]?.string?.isEmpty == false)
            }
        }
    }
}
