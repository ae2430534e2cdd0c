import ATProto
import ATProtoTestKit
import AppTestKit
import Foundation
import GrainStoriesWeb
import Testing
import Viewing

/// TV mode in a 1920 × 1080 window, as a TV browser runs it: it plays by itself in
/// place, the remote's keys move and pause it, and the people it plays are fetched
/// again while it runs, so someone who posts appears without a reload. The flows run in
/// Chromium and in WebKitGTK.
@Suite(.serialized) struct TVBrowserTests {
    typealias F = BrowserFixture

    static let kenji = "did:plc:ogyr5xkxwnrekpk5yroudocu/3mstanddocu0"
    static let tomasFirst = "did:plc:rjnvgfygwwqc5hyfsxmecosf/3mstandcosf1"
    static let tomasSecond = "did:plc:rjnvgfygwwqc5hyfsxmecosf/3mstandcosf0"
    static let mayaFirst = "\(F.maya)/3muojebufwseb"

    static let arrowUp = "\u{E013}"
    static let arrowDown = "\u{E015}"
    static let enter = "\u{E007}"

    /// The story on screen, as `DID/RKEY`.
    static let story = "const main = document.querySelector('main.tv'); return main ? main.getAttribute('data-story') : null;"

    /// The current story's timer is running: the script has taken over from the meta
    /// refresh (see TVPage) and the photo is in.
    static let isPlaying = """
        const main = document.querySelector('main.tv[data-state="playing"]');
        const fill = main && main.querySelector('.tv-segment-current .tv-fill');
        const animation = fill && fill.getAnimations()[0];
        return !document.querySelector('meta[http-equiv="refresh"]') && !!animation && animation.playState === 'running';
        """

    static let isSettledPaused = """
        const main = document.querySelector('main.tv[data-state="paused"]');
        const fill = main && main.querySelector('.tv-segment-current .tv-fill');
        const animation = fill && fill.getAnimations()[0];
        return !!animation && animation.playState === 'paused' && !animation.pending
            && !main.querySelector('.tv-paused-badge').hidden && main.classList.contains('tv-is-paused');
        """

    /// Opens `/tv?query` and waits until it plays.
    static func open(_ f: F, _ query: String) async throws {
        try await f.browser.navigate("\(f.base)/tv?\(query)")
        #expect(try await f.browser.waitUntil(isPlaying, timeout: .seconds(20)), "TV mode never started playing")
        try await f.browser.execute("window.notReloaded = true")
    }

    /// Waits until the story on screen is `story`.
    static func waitForStory(_ f: F, _ story: String, timeout: Duration = .seconds(10)) async throws -> Bool {
        try await f.browser.waitUntil(
            "const main = document.querySelector('main.tv'); return !!main && main.getAttribute('data-story') === arguments[0];",
            timeout: timeout, [.string(story)])
    }

    static func current(_ f: F) async throws -> String? {
        try await f.browser.execute(story).string
    }

    /// What the page saw on each of its next `frames` rendered frames: the stories on
    /// screen, the times and states of the story timer. The page does the looking, so a
    /// slow machine takes longer but cannot change the answer.
    static func watch(_ f: F, frames: Int) async throws -> (stories: Set<String>, times: Set<Double>, states: Set<String>) {
        let seen = try await f.browser.execute(
            """
            return new Promise(resolve => {
                let left = arguments[0];
                const stories = new Set(), times = new Set(), states = new Set();
                const tick = () => {
                    const main = document.querySelector('main.tv');
                    const fill = main && main.querySelector('.tv-segment-current .tv-fill');
                    const animation = fill && fill.getAnimations()[0];
                    stories.add(main ? main.getAttribute('data-story') : 'none');
                    times.add(animation ? animation.currentTime || 0 : -1);
                    states.add(animation ? animation.playState : 'none');
                    if (--left <= 0) { resolve({ stories: [...stories], times: [...times], states: [...states] }); } else { requestAnimationFrame(tick); }
                };
                requestAnimationFrame(tick);
            });
            """, [.number(Double(frames))])
        let stories = try #require(seen["stories"]?.array, "nothing seen: \(seen)").compactMap(\.string)
        let times = try #require(seen["times"]?.array, "nothing seen: \(seen)").compactMap(\.double)
        let states = try #require(seen["states"]?.array, "nothing seen: \(seen)").compactMap(\.string)
        return (Set(stories), Set(times), Set(states))
    }

    /// The next story comes in when the timer's animation has finished, in place: the
    /// address follows it and the page is not reloaded.
    @Test(arguments: BrowserEngine.allCases) func itPlaysTheNextStoryByItselfInPlace(engine: BrowserEngine) async throws {
        try await F.run(engine, screen: .tv) { f in
            try await Self.open(f, "interval=3")
            #expect(try await Self.current(f) == Self.kenji)
            // How the story's timer stood when the player let go of it (it cancels the
            // old timer as it swaps the next story in).
            try await f.browser.execute(
                """
                window.__step = { stateAtSwap: null };
                const timer = document.querySelector('main.tv .tv-segment-current .tv-fill').getAnimations()[0];
                const cancel = Animation.prototype.cancel;
                Animation.prototype.cancel = function () {
                    if (this === timer) { window.__step.stateAtSwap = this.playState; }
                    return cancel.apply(this, arguments);
                };
                """)
            #expect(try await Self.waitForStory(f, Self.tomasFirst, timeout: .seconds(30)), "it never moved on")
            let after = try await f.browser.execute(
                """
                return { step: window.__step, notReloaded: window.notReloaded === true, search: decodeURIComponent(location.search),
                         name: document.querySelector('.tv-name').textContent, count: document.querySelector('main.tv').querySelectorAll('.tv-segment').length,
                         image: document.querySelector('.tv-image').getAttribute('src') };
                """)
            #expect(after["step"]?["stateAtSwap"]?.string == "finished", "moved on before the timer finished: \(after)")
            #expect(after["notReloaded"]?.bool == true, "the page was reloaded")
            #expect(after["search"]?.string == "?interval=3&at=\(Self.tomasFirst)", "the address follows the story: \(after)")
            #expect(after["name"]?.string == "Tomás Reyes" && after["count"]?.double == 2, "\(after)")
            #expect(try await f.browser.waitUntil(Self.isPlaying), "the next story's timer runs")
        }
    }

    /// One story at a time (portrait pairs off: TVFrameBrowserTests has them).
    @Test(arguments: BrowserEngine.allCases) func theArrowKeysMoveBetweenStoriesAndPeopleAndEnterPauses(engine: BrowserEngine) async throws {
        try await F.run(engine, screen: .tv, { $0.tvPortraitPairs = .off }) { f in
            try await Self.open(f, "interval=60")
            #expect(try await Self.current(f) == Self.kenji)
            try await f.browser.press(WebDriver.arrowRight)
            #expect(try await Self.waitForStory(f, Self.tomasFirst), "→ is the next story")
            try await f.browser.press(WebDriver.arrowRight)
            #expect(try await Self.waitForStory(f, Self.tomasSecond))
            try await f.browser.press(WebDriver.arrowLeft)
            #expect(try await Self.waitForStory(f, Self.tomasFirst), "← is the previous story")
            try await f.browser.press(Self.arrowDown)
            #expect(try await Self.waitForStory(f, Self.mayaFirst), "↓ is the next person")
            try await f.browser.press(Self.arrowUp)
            #expect(try await Self.waitForStory(f, Self.tomasFirst), "↑ is the previous person, from their first story")
            #expect(try await f.browser.waitUntil(Self.isPlaying))
            #expect(try await f.browser.execute("return window.notReloaded === true").bool == true, "moving reloaded the page")

            try await f.browser.press(Self.enter)
            #expect(try await f.browser.waitUntil(Self.isSettledPaused), "Enter pauses")
            let paused = try await Self.watch(f, frames: 90)
            #expect(paused.stories == [Self.tomasFirst], "it moved while paused: \(paused.stories)")
            #expect(paused.states == ["paused"] && paused.times.count == 1, "the timer ran while paused: \(paused)")

            try await f.browser.press(Self.enter)
            #expect(try await f.browser.waitUntil(Self.isPlaying), "Enter plays again")
            #expect(try await f.browser.execute("return document.querySelector('.tv-paused-badge').hidden").bool == true)
            let playing = try await Self.watch(f, frames: 30)
            #expect(playing.times.count > 1, "the timer runs again: \(playing)")

            try await f.browser.press(WebDriver.escape)
            #expect(try await f.waitForPath("/"), "Escape leaves TV mode for the home page")
        }
    }

    /// The minute's refresh, asked for now: someone who posts joins the round, and the
    /// story on screen keeps its photo and its place in its timer.
    @Test(arguments: BrowserEngine.allCases) func someoneWhoPostsJoinsTheRoundWithoutAReload(engine: BrowserEngine) async throws {
        try await F.run(engine, screen: .tv) { f in
            try await Self.open(f, "interval=60")
            #expect(try await f.browser.execute("return document.querySelector('.tv-person').textContent").string == "1 of 4")
            let noor = "did:plc:newposter222222222222222"
            f.appView.post(.init(did: noor, handle: "noor.test", displayName: "Noor Haddad"))
            await f.app.storyLibrary.invalidate(author: DID(noor)!)
            try await f.browser.execute(
                """
                window.refreshed = false;
                window.photoBefore = document.querySelector('.tv-image');
                document.addEventListener('grainstories:refreshed', () => { window.refreshed = true; }, { once: true });
                document.dispatchEvent(new Event('grainstories:refresh'));
                """)
            #expect(try await f.browser.waitUntil("return window.refreshed === true"), "the page did not refresh itself")
            let state = try await f.browser.execute(
                """
                return { person: document.querySelector('.tv-person').textContent,
                         upNext: Array.from(document.querySelectorAll('.tv-up-next-name')).map(e => e.textContent),
                         samePhoto: document.querySelector('.tv-image') === window.photoBefore,
                         notReloaded: window.notReloaded === true };
                """)
            #expect(state["person"]?.string == "2 of 5", "\(state)")
            #expect(state["upNext"]?.array?.compactMap(\.string) == ["Tomás Reyes", "Maya Okafor", "erin-walks.bsky.social", "Noor Haddad"], "\(state)")
            #expect(state["samePhoto"]?.bool == true && state["notReloaded"]?.bool == true, "\(state)")
            #expect(try await Self.current(f) == Self.kenji)
            #expect(try await f.browser.waitUntil(Self.isPlaying), "the timer carries on")

            try await f.browser.press(Self.arrowUp)
            #expect(try await Self.waitForStory(f, "\(noor)/3mstand22220"), "the new person is just before the first")
            #expect(try await f.browser.execute("return document.querySelector('.tv-name').textContent").string == "Noor Haddad")
        }
    }

    /// TV mode on a touch screen (a phone, a tablet standing up), in Chromium's mobile
    /// emulation: its controls are out of sight until the screen is touched, and a tap
    /// where one of them is only shows them; it used to press it (on a phone, "Previous
    /// person" jumped from the first person to the last). The next tap presses what is now
    /// seen. (WebKitGTK has no touch: a mouse shows the controls as it moves to one.)
    @Test(arguments: [F.Size.phone, .portraitTablet]) func aTapOnAFadedControlOnlyShowsTheControls(size: F.Size) async throws {
        try await F.run(screen: .phone) { f in
            try await Self.open(f, "interval=60")
            try await f.emulate(size)
            #expect(try await Self.current(f) == Self.kenji)
            // Which taps reached a control (the page's first look at a click) and which of
            // them the page then acted on (its last); and the controls' 3 s fade switched
            // off, so a slow machine cannot hide them again between the two taps.
            try await f.browser.execute(
                """
                window.__reached = []; window.__acted = [];
                const action = (event) => { const link = event.target.closest && event.target.closest('[data-tv-action]'); return link ? link.dataset.tvAction : null; };
                window.addEventListener('click', (event) => { window.__reached.push(action(event)); }, true);
                window.addEventListener('click', (event) => { if (action(event)) { window.__acted.push(action(event)); } });
                const later = window.setTimeout;
                window.setTimeout = (callback, ms, ...rest) => ms === 3000 ? 0 : later(callback, ms, ...rest);
                """)
            let faded = """
                const controls = document.querySelector('main.tv .tv-controls');
                return getComputedStyle(controls).opacity === '0' && !controls.contains(document.activeElement);
                """
            try #require(try await f.browser.waitUntil(faded), "the controls must be out of sight for this test to mean anything")
            let point = try await f.browser.execute(
                "const r = document.querySelector('[data-tv-action=\"previous-author\"]').getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2];"
            )
            let xy = point.array?.compactMap(\.double) ?? []
            try #require(xy.count == 2, "no control to tap: \(point)")

            try await f.browser.tap(x: xy[0], y: xy[1])
            #expect(try await f.browser.waitUntil("return window.__reached.length === 1"), "the tap made no click")
            #expect(
                try await f.browser.waitUntil("return getComputedStyle(document.querySelector('main.tv .tv-controls')).opacity === '1'"),
                "the tap did not show the controls")
            let first = try await f.browser.execute("return { reached: window.__reached, acted: window.__acted }")
            #expect(first["reached"]?.array?.compactMap(\.string) == ["previous-author"], "the tap was not on the control: \(first)")
            #expect(first["acted"]?.array?.isEmpty == true, "\(size): the first tap pressed the control it could not see: \(first)")
            #expect(try await Self.current(f) == Self.kenji, "the first tap moved")

            try await f.browser.tap(x: xy[0], y: xy[1])
            #expect(try await f.browser.waitUntil("return window.__acted.length === 1"), "the second tap did nothing")
            #expect(
                try await f.browser.waitUntil(
                    "const main = document.querySelector('main.tv'); return !!main && main.getAttribute('data-story') !== arguments[0]", [.string(Self.kenji)]),
                "the second tap, on the control now shown, goes to the previous person")
            #expect(try await f.browser.execute("return window.notReloaded === true").bool == true, "the page was reloaded")
        }
    }
}
