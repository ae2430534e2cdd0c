import ATProtoTestKit
import AppTestKit
import Foundation
import PhotoTestKit
import TestKit
import Testing

/// Pages on the screens beyond a phone and a desktop, and touch targets, measured from
/// element boxes in Chromium: TV mode on a tablet standing up, a 4K screen, 44 × 44 px
/// targets on a phone, and the strip's names.
@Suite(.serialized) struct ScreenFitBrowserTests {
    typealias F = BrowserFixture

    /// TV mode on a portrait tablet with its controls shown (a pointer moved): every
    /// control is inside the screen and clear of "Person 1 · story 1".
    @Test func tvModesControlsFitAPortraitTabletAndLeaveTheCountInView() async throws {
        try await F.run(reducedMotion: true) { f in
            try await TVBrowserTests.open(f, "interval=60")
            try await f.emulate(.portraitTablet)
            try await f.browser.execute("document.querySelector('main.tv').classList.add('tv-pointer')")
            let facts = try await f.browser.execute(
                F.boxHelpers + """
                    const count = box(document.querySelector('.tv-count'));
                    const controls = [...document.querySelectorAll('.tv-controls .tv-control')];
                    return { count: count, shown: getComputedStyle(document.querySelector('.tv-controls')).opacity,
                             outside: controls.filter(el => !inside(box(el), screenBox)).map(el => [el.textContent, box(el)]),
                             overCount: controls.filter(el => !apart(box(el), count)).map(el => el.textContent), total: controls.length };
                    """)
            // Previous, Pause, Next, the two people, the screen's Settings and Leave TV.
            #expect(facts["total"]?.double == 7, "\(facts)")
            #expect(facts["outside"]?.array?.isEmpty == true, "controls off the screen: \(facts)")
            #expect(facts["overCount"]?.array?.isEmpty == true, "controls over the count: \(facts)")
        }
    }

    /// TV mode on a phone standing up: each person's name, place, time and handle stay on
    /// the screen, wrapped where they must, never cut off at its edge (the words
    /// themselves are measured, through a Range over each line's text).
    @Test func tvModesCaptionStaysOnAPhonesScreen() async throws {
        try await F.run(reducedMotion: true, screen: .phone) { f in
            try await TVBrowserTests.open(f, "interval=60")
            var people: [String] = []
            for _ in 0..<4 {
                let facts = try await f.browser.execute(
                    F.boxHelpers + """
                        const words = (el) => { const range = document.createRange(); range.selectNodeContents(el); return box(range); };
                        const lines = [...document.querySelectorAll('main.tv .tv-who > *')];
                        return { who: document.querySelector('main.tv .tv-name').textContent,
                                 story: document.querySelector('main.tv').getAttribute('data-story'),
                                 outside: lines.filter(el => !inside(words(el), screenBox)).map(el => [el.textContent, words(el)]) };
                        """)
                people.append(facts["who"]?.string ?? "")
                #expect(facts["outside"]?.array?.isEmpty == true, "words off a phone's screen: \(facts)")
                let story = facts["story"]?.string ?? ""
                try await f.browser.press("\u{E015}")  // ArrowDown: the next person
                _ = try await f.browser.waitUntil(
                    "const main = document.querySelector('main.tv'); return !!main && main.getAttribute('data-story') !== arguments[0];",
                    timeout: .seconds(10), [.string(story)])
            }
            #expect(Set(people).count >= 3, "the check saw too few people: \(people)")
        }
    }

    /// On a 4K screen the home page and the viewer scale up as TV mode does: the column
    /// takes most of the width, the strip's tiles and the viewer's name are twice a TV's,
    /// and the viewer and its photo are still exactly as tall as the screen (in both
    /// engines: under the zoom that scales the page, Chromium scales `vh` and WebKit does
    /// not, so the photo's height must not come from `vh`).
    @Test(arguments: BrowserEngine.allCases) func aFourKScreenScalesTheHomePageAndTheViewerUp(engine: BrowserEngine) async throws {
        try await F.run(engine, reducedMotion: true, screen: .tv) { f in
            try await f.browser.navigate("\(f.base)/")
            try await f.emulate(.fourK)
            let home = try await f.browser.execute(
                F.boxHelpers + Self.screenPixels + """
                    return { column: box(document.querySelector('main.home')).width * k, tile: box(document.querySelector('.strip-item')).width * k };
                    """)
            #expect((home["column"]?.double ?? 0) >= 2800, "the column: \(home)")
            #expect((home["tile"]?.double ?? 0) >= 220, "a strip tile (120 px on a TV): \(home)")

            try await f.open(F.maya, "3muojebufwseb", expectRunning: false)
            try await f.emulate(.fourK)
            try await f.waitForPhoto()
            let viewer = try await f.browser.execute(
                F.boxHelpers + Self.screenPixels + """
                    return { name: box(document.querySelector('.viewer-name')).height * k, dialog: box(document.querySelector('dialog.viewer')).height * k,
                             photo: box(document.querySelector('.story-image')).height * k, screen: innerHeight, k: k };
                    """)
            #expect((viewer["name"]?.double ?? 0) >= 56, "the author's name (32 px tall on a TV): \(viewer)")
            #expect(abs((viewer["dialog"]?.double ?? 0) - 2160) <= 1, "\(viewer)")
            #expect(abs((viewer["photo"]?.double ?? 0) - 2160) <= 1, "as tall as the screen: \(viewer)")
        }
    }

    /// The viewer's menu opens above the reduced-motion note ("Paused: …"), not under it:
    /// on a tablet, where the two meet, every point of the open panel is the panel's own.
    @Test func theViewersMenuOpensAboveThePausedNote() async throws {
        let pds = try FakePDS()
        defer { pds.stop() }
        try await F.run(reducedMotion: true) { f in
            try await f.signIn(pds)
            try await f.open(F.maya, "3muojebufwseb", expectRunning: false)
            try await f.emulate(.portraitTablet)
            try #require(
                try await f.browser.waitUntil(
                    "const note = document.querySelector('.viewer-motion-note'); return !!note && note.getBoundingClientRect().width > 0"))
            try await f.browser.execute("document.querySelector('dialog.viewer .viewer-more summary').click()")
            try #require(try await f.browser.waitUntil("return document.querySelector('dialog.viewer .viewer-more').open"))
            let facts = try await f.browser.execute(
                F.boxHelpers + """
                    const panel = document.querySelector('dialog.viewer .more-panel'), note = document.querySelector('.viewer-motion-note');
                    const p = box(panel), n = box(note), covered = [];
                    note.style.pointerEvents = 'auto'; // elementFromPoint passes over what ignores the pointer
                    // Inside the rounded corners (what is outside them is the page's).
                    for (let x = p.x + 16; x < p.x + p.width - 15; x += 8) {
                        for (let y = p.y + 16; y < p.y + p.height - 15; y += 8) {
                            const top = document.elementFromPoint(x, y);
                            if (!panel.contains(top)) { covered.push([x, y, top ? top.className : null]); }
                        }
                    }
                    note.style.pointerEvents = '';
                    return { meet: !apart(p, n), covered: covered.slice(0, 5) };
                    """)
            try #require(facts["meet"]?.bool == true, "the panel and the note must meet for this test to mean anything: \(facts)")
            #expect(facts["covered"]?.array?.isEmpty == true, "the open menu is covered: \(facts)")
        }
    }

    /// JavaScript: `k`, screen pixels per unit of `getBoundingClientRect()`. Under the
    /// page's 4K `zoom`, Chromium reports boxes in screen pixels and WebKit in the zoomed
    /// page's own pixels; a fixed box over the whole screen, measured beside `innerHeight`,
    /// tells which (so the checks below mean the same on both).
    static let screenPixels = """
        const probe = document.createElement('div');
        probe.style.cssText = 'position: fixed; inset: 0; pointer-events: none';
        document.body.appendChild(probe);
        const k = innerHeight / probe.getBoundingClientRect().height;
        probe.remove();
        """

    /// Targets a finger uses are at least 44 × 44 CSS px on a phone: the header's
    /// "Sign in", a profile's counts, and on the draft "Search", the text buttons and the
    /// Bluesky checkbox (as large as the others, inside a fieldset), and "Cancel" while
    /// the story is being posted.
    @Test func touchTargetsAreAtLeast44PixelsSquare() async throws {
        let pds = try FakePDS()
        defer { pds.stop() }
        let small = """
            return [...document.querySelectorAll(arguments[0])].filter(el => el.getBoundingClientRect().width > 0)
                .map(el => { const r = el.getBoundingClientRect(); return [el.textContent.trim(), r.width, r.height]; });
            """
        try await F.run(reducedMotion: true) { f in
            try await f.browser.navigate("\(f.base)/")
            try await expectTargets(f, "header a.header-link", script: small)
            // Maya's profile has Grain's counts (galleries, followers, following).
            try await f.browser.navigate("\(f.base)/profile/\(F.linked(F.maya))")
            try await expectTargets(f, ".profile-counts a", script: small, atLeast: 3)

            try await f.signIn(pds)
            try await f.browser.navigate(f.base + "/stories/new")
            let photo = ProjectPaths.temporaryDirectory("upload") + "/IMG_0042.HEIC"
            try Data(Fixtures.bytes("heic-gps.heic")).write(to: URL(fileURLWithPath: photo))
            try await f.browser.sendKeys(try await f.browser.element("#photo"), photo)
            #expect(try await f.browser.waitUntil("return !!document.querySelector('main.draft-page form.draft-form')", timeout: .seconds(20)))
            try await expectTargets(f, "main.draft-page .link-button, main.draft-page button[value=search]", script: small, atLeast: 2)
            let checkboxes = try await f.browser.execute(
                """
                return [...document.querySelectorAll('form.draft-form input[type=checkbox]')]
                    .map(el => ({ name: el.name, width: el.getBoundingClientRect().width, inFieldset: !!el.closest('fieldset') }));
                """)
            let bluesky = checkboxes.array?.first { $0["name"]?.string == "crosspost" }
            #expect(bluesky?["inFieldset"]?.bool == true, "\(checkboxes)")
            let widths = Set(checkboxes.array?.compactMap { $0["width"]?.double } ?? [])
            #expect(widths == [22], "every checkbox as large as the others: \(checkboxes)")

            // While the story is being posted (the PDS never answers), "Cancel".
            pds.inject(.stall, on: "com.atproto.repo.createRecord", .always)
            try await f.browser.click(try await f.browser.element("form.draft-form button[value=publish]"))
            #expect(try await f.browser.waitUntil("return !!document.querySelector('.status-actions button[value=cancel]')", timeout: .seconds(20)))
            try await expectTargets(f, ".status-actions button[value=cancel]", script: small)
        }
    }

    private func expectTargets(
        _ f: F, _ selector: String, script: String, atLeast count: Int = 1, sourceLocation: SourceLocation = #_sourceLocation
    )
        async throws
    {
        let targets = try await f.browser.execute(script, [.string(selector)]).array ?? []
        #expect(targets.count >= count, "no \(selector)", sourceLocation: sourceLocation)
        for target in targets {
            let size = target.array?.dropFirst().compactMap(\.double) ?? []
            #expect(size.count == 2 && size.allSatisfy { $0 >= 44 }, "\(selector): \(target)", sourceLocation: sourceLocation)
        }
    }

    /// A name of 17 characters shows whole in the strip (two lines), not cut to nine.
    @Test func aLongerNameShowsWholeInTheStrip() async throws {
        try await F.run(reducedMotion: true) { f in
            try await f.browser.navigate("\(f.base)/")
            let fits = try await f.browser.execute(
                """
                const name = document.querySelectorAll('.strip-item .strip-name')[1];
                name.textContent = 'Maya Okafor-Smith';
                return { fits: name.scrollWidth <= name.clientWidth && name.scrollHeight <= name.clientHeight + 1,
                         size: [name.scrollWidth, name.clientWidth, name.scrollHeight, name.clientHeight] };
                """)
            #expect(fits["fits"]?.bool == true, "\(fits)")
        }
    }
}
