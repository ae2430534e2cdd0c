import ATProtoTestKit
import AppTestKit
import Foundation
import MicroHTTPServer
import Testing

/// What a person sees and does in the viewer on a phone-sized screen (390 × 844): in
/// headless Chromium with a touch screen, and in WebKitGTK (the engine of every iPhone),
/// where taps and swipes are made with the mouse since it has no touch emulation.
@Suite(.serialized) struct ViewerBrowserTests {
    typealias F = BrowserFixture

    /// The page times the step itself: how far the timer had run when the address
    /// changed (its time when watched, plus the page clock's time since), and whether its
    /// animation had ended by then. No waiting on the test's side decides anything.
    ///
    /// Right after watching, the page is handed an end of the bar's animation that reports
    /// no time run, as Chromium under load once delivered for the animation from before
    /// the dialog was reopened as modal: it must not move the story on.
    @Test(arguments: BrowserEngine.allCases) func aStoryAdvancesByItselfAfterAboutFiveSeconds(engine: BrowserEngine) async throws {
        try await F.run(engine) { f in
            try await f.open(F.maya, "3muojebufwseb")
            let timer = try #require(try await f.timer())
            #expect(timer.duration == 5000)
            let watched = try await f.browser.execute(
                """
                const animation = document.querySelector('dialog.viewer [aria-current="step"] .fill').getAnimations()[0];
                const start = { clock: performance.now(), timer: animation.currentTime || 0 };
                animation.effect.target.dispatchEvent(new AnimationEvent('animationend', { animationName: 'story-progress', elapsedTime: 0 }));
                window.__step = { ended: false, at: null, historyBefore: history.length };
                document.addEventListener('animationend', () => { window.__step.ended = true; }, true);
                const replaceState = history.replaceState;
                history.replaceState = function (...args) {
                    if (window.__step.at === null) {
                        window.__step.at = start.timer + performance.now() - start.clock;
                        window.__step.endedBefore = window.__step.ended;
                    }
                    return replaceState.apply(this, args);
                };
                return location.pathname;
                """)
            #expect(watched.string == "/profile/\(F.linked(F.maya))/story/3muojebufwseb", "advanced before the test could watch")
            #expect(try await f.waitForPath("/profile/\(F.linked(F.maya))/story/3muovdv3qvkv2", timeout: .seconds(20)))
            let step = try await f.browser.execute("return window.__step")
            let at = try #require(step["at"]?.double, "the step was not an in-place one: \(step)")
            #expect(at >= 4500, "advanced after \(at) ms of the timer, too early: \(step)")
            #expect(step["endedBefore"]?.bool == true, "advanced before the timer's animation ended: \(step)")
            // An in-place step: no new history entry. (Counted from before the step: the
            // blank page a session starts on is an entry in Chromium, not in WebKit.)
            #expect(try await f.browser.execute("return history.length").double == step["historyBefore"]?.double)
        }
    }

    /// Taps also work around a content warning (story 2 is labelled): the warning only
    /// covers the photo and its "Show" button, never the tap zones.
    @Test(arguments: BrowserEngine.allCases) func tapZonesGoBackOnTheLeftThirdAndForwardElsewhere(engine: BrowserEngine) async throws {
        try await F.run(engine) { f in
            try await f.open(F.maya, "3mupadw3kg264")
            // Paused by hand: on a busy machine the 5-second timer could otherwise move on
            // to the next person before a tap lands, and the taps would start elsewhere.
            try await f.browser.execute("document.querySelector('.viewer-pause').click()")
            #expect(try await f.browser.waitUntil(BrowserFixture.isSettledPaused))
            try await f.browser.tap(x: 390 * 0.15, y: 844 * 0.5)
            #expect(try await f.waitForPath("/profile/\(F.linked(F.maya))/story/3muovdv3qvkv2", timeout: .seconds(10)))
            try await f.browser.tap(x: 390 * 0.15, y: 844 * 0.3)
            #expect(try await f.waitForPath("/profile/\(F.linked(F.maya))/story/3muojebufwseb", timeout: .seconds(10)))
            try await f.browser.tap(x: 390 * 0.34, y: 844 * 0.5)
            #expect(try await f.waitForPath("/profile/\(F.linked(F.maya))/story/3muovdv3qvkv2", timeout: .seconds(10)))
            try await f.browser.tap(x: 390 * 0.85, y: 844 * 0.3)
            #expect(try await f.waitForPath("/profile/\(F.linked(F.maya))/story/3mupadw3kg264", timeout: .seconds(10)))
        }
    }

    @Test(arguments: BrowserEngine.allCases) func aContentWarningHoldsTheTimerUntilShowIsChosen(engine: BrowserEngine) async throws {
        try await F.run(engine) { f in
            try await f.open(F.maya, "3muovdv3qvkv2", expectRunning: false)
            #expect(try await f.browser.waitUntil(F.isPaused))
            #expect(try await f.browser.execute("return getComputedStyle(document.querySelector('.story-image')).filter").string?.contains("blur") == true)
            try await f.browser.execute("document.querySelector('.label-gate summary').click()")
            #expect(try await f.browser.waitUntil(F.isRunning, timeout: .seconds(10)))
            #expect(try await f.browser.execute("return getComputedStyle(document.querySelector('.story-image')).filter").string == "none")
        }
    }

    @Test(arguments: BrowserEngine.allCases) func holdingAFingerDownPausesAndLettingGoResumesWithoutSkipping(engine: BrowserEngine) async throws {
        try await F.run(engine) { f in
            try await f.open(F.maya, "3muojebufwseb")
            // The 5-second timer runs on while the test works, and on a busy machine it may
            // end a story before the hold or after letting go: such a step is the timer's
            // and allowed. Any other step (letting go taken for a tap) is not.
            try await f.recordSteps()
            // Chromium holds a real finger down (DevTools touch events). WebKitGTK has no
            // touch emulation, so there the mouse button is held instead: the viewer
            // listens to pointer events, which both give alike.
            let point: WebDriverJSON = [["x": 195, "y": 422]]
            if engine.emulatesTouch {
                try await f.browser.cdp("Input.dispatchTouchEvent", ["type": "touchStart", "touchPoints": point])
            } else {
                try await f.browser.pointerDown(x: 195, y: 422)
            }
            #expect(try await f.browser.waitUntil(F.isPaused, timeout: .seconds(5)), "holding did not pause")
            // Compare only once the pause has taken effect; from then on nothing may move it.
            #expect(try await f.browser.waitUntil(F.isSettledPaused, timeout: .seconds(5)), "the pause never took effect")
            let held = try await f.browser.execute(
                "return [location.pathname, document.querySelector('[aria-current=\"step\"] .fill').getAnimations()[0].currentTime || 0]")
            let heldPath = try #require(held.array?.first?.string)
            let heldTime = try #require(held.array?.last?.double)
            let seen = try await f.watch(frames: 60)
            #expect(seen.states == ["paused"] && seen.times == [heldTime] && seen.paths == [heldPath], "the timer moved while held: \(seen)")
            if engine.emulatesTouch {
                try await f.browser.cdp("Input.dispatchTouchEvent", ["type": "touchEnd", "touchPoints": []])
            } else {
                try await f.browser.pointerUp()
            }
            #expect(try await f.browser.waitUntil(F.isRunning, timeout: .seconds(10)), "letting go did not resume")
            let after = try await f.browser.execute(
                "return [location.pathname, document.querySelector('[aria-current=\"step\"] .fill').getAnimations()[0].currentTime || 0]")
            let steps = try await f.steps()
            let onlyTheTimerMoved = steps.allSatisfy { $0.timerEnded }
            #expect(onlyTheTimerMoved, "letting go moved the viewer: \(steps)")
            if after.array?.first?.string == heldPath {
                #expect((after.array?.last?.double ?? -1) >= heldTime, "the timer started the story again instead of going on: \(after), held at \(heldTime)")
            }
        }
    }

    @Test(arguments: BrowserEngine.allCases) func keyboardArrowsSpaceAndEscape(engine: BrowserEngine) async throws {
        try await F.run(engine) { f in
            try await f.open(F.maya, "3muojebufwseb")
            try await f.browser.press(WebDriver.arrowRight)
            #expect(try await f.waitForPath("/profile/\(F.linked(F.maya))/story/3muovdv3qvkv2", timeout: .seconds(10)))
            try await f.browser.press(WebDriver.arrowLeft)
            #expect(try await f.waitForPath("/profile/\(F.linked(F.maya))/story/3muojebufwseb", timeout: .seconds(10)))
            #expect(try await f.browser.waitUntil(F.isRunning))
            try await f.browser.press(WebDriver.space)
            #expect(try await f.browser.waitUntil(F.isPaused, timeout: .seconds(10)))
            let label = try await f.browser.execute("return document.querySelector('.viewer-pause').getAttribute('aria-label')")
            #expect(label.string == "Play")
            try await f.browser.press(WebDriver.space)
            #expect(try await f.browser.waitUntil(F.isRunning, timeout: .seconds(10)))
            try await f.browser.press(WebDriver.escape)
            #expect(try await f.waitForPath("/", timeout: .seconds(10)))
        }
    }

    @Test(arguments: BrowserEngine.allCases) func swipingMovesBetweenAuthorsAndSwipingDownCloses(engine: BrowserEngine) async throws {
        try await F.run(engine) { f in
            try await f.open(F.maya, "3muojebufwseb")
            // Chrome turns a sideways overscroll into Back (here: to the blank page before
            // the story, which made this test flaky); the open viewer turns that off.
            let overscroll = "const s = (el) => getComputedStyle(el).overscrollBehaviorX; return [s(document.documentElement), s(document.body)]"
            #expect(try await f.browser.execute(overscroll).array?.compactMap(\.string) == ["none", "none"])
            try await f.browser.swipe(from: (320, 500), to: (60, 510))
            #expect(try await f.waitForPath("/profile/\(F.linked(F.erin))/story/3mstandfdhj0", timeout: .seconds(10)), "swipe left goes to the next author")
            try await f.browser.swipe(from: (80, 500), to: (340, 505))
            #expect(
                try await f.waitForPath("/profile/\(F.linked(F.maya))/story/3muojebufwseb", timeout: .seconds(10)), "swipe right goes to the previous author")
            try await f.browser.swipe(from: (200, 300), to: (205, 700))
            #expect(try await f.waitForPath("/", timeout: .seconds(10)), "swipe down closes")
        }
    }

    @Test(arguments: BrowserEngine.allCases) func afterTheLastStoryOfTheLastAuthorTheViewerCloses(engine: BrowserEngine) async throws {
        try await F.run(engine) { f in
            // Opened from the strip, so the close is in place (the dialog goes, Back is
            // taken): with a story's own page the tap's close loads the home page while the
            // driver still delivers the tap, and ChromeDriver once never answered that tap
            // (a 60-second timeout). The own page's close is checked by Escape and swipes.
            try await f.browser.navigate(f.base + "/")
            try await f.browser.execute(
                "document.querySelector(arguments[0]).click()",
                [.string("a:is([href=\"/stories/\(F.linked(F.erin))\"], [href^=\"/profile/\(F.linked(F.erin))/story/\"])")])
            #expect(try await f.waitForPath("/profile/\(F.linked(F.erin))/story/3mstandfdhj0", timeout: .seconds(10)))
            // Paused, so the timer cannot close the viewer first and the tap land on the
            // home page instead.
            try await f.browser.execute("document.querySelector('.viewer-pause').click()")
            #expect(try await f.browser.waitUntil(BrowserFixture.isSettledPaused))
            try await f.browser.tap(x: 390 * 0.8, y: 844 * 0.5)
            #expect(try await f.waitForPath("/", timeout: .seconds(10)))
            #expect(try await f.browser.execute("return document.querySelector('dialog.viewer') === null").bool == true)
        }
    }

    @Test(arguments: BrowserEngine.allCases) func openedFromTheStripOneBackClosesTheViewerAndFocusReturns(engine: BrowserEngine) async throws {
        try await F.run(engine) { f in
            try await f.browser.navigate(f.base + "/")
            let lengthBefore = try await f.browser.execute("return history.length").double ?? 0
            try await f.browser.execute(
                "document.querySelector('a:is([href=\"/stories/\(F.linked(F.maya))\"], [href^=\"/profile/\(F.linked(F.maya))/story/\"])').click()")
            #expect(
                try await f.browser.waitUntil(
                    "return !!document.querySelector('dialog.viewer[open]') && document.querySelector('dialog.viewer').matches(':modal')"))
            #expect(try await f.browser.execute("return history.length").double == lengthBefore + 1)
            #expect(try await f.browser.execute("return document.querySelector('dialog.viewer').contains(document.activeElement)").bool == true)
            try await f.browser.press(WebDriver.arrowRight)
            #expect(try await f.waitForPath("/profile/\(F.linked(F.maya))/story/3muovdv3qvkv2", timeout: .seconds(10)))
            try await f.browser.press(WebDriver.arrowRight)
            #expect(try await f.waitForPath("/profile/\(F.linked(F.maya))/story/3mupadw3kg264", timeout: .seconds(10)))
            try await f.browser.execute("history.back()")
            #expect(try await f.waitForPath("/", timeout: .seconds(10)))
            #expect(try await f.browser.waitUntil("return document.querySelector('dialog.viewer') === null", timeout: .seconds(10)))
            #expect(try await f.browser.execute("return document.activeElement.getAttribute('href')").string == "/stories/\(F.linked(F.maya))")
        }
    }

    @Test(arguments: BrowserEngine.allCases) func withReducedMotionTheViewerStartsPausedWithAPlayButton(engine: BrowserEngine) async throws {
        try await F.run(engine, reducedMotion: true) { f in
            try await f.open(F.maya, "3muojebufwseb", expectRunning: false)
            #expect(try await f.browser.waitUntil(F.isSettledPaused))
            #expect(
                try await f.browser.execute(
                    """
                    const button = document.querySelector('.viewer-pause');
                    return !button.hidden && button.getAttribute('aria-label') === 'Play' && button.getBoundingClientRect().width >= 24;
                    """
                ).bool == true)
            // On every frame of a whole story's length (300 frames at 60 per second) the
            // timer stood paused at zero and the story stayed put.
            let seen = try await f.watch(frames: 300)
            #expect(seen.states == ["paused"] && seen.times == [0], "the timer ran with reduced motion: \(seen)")
            #expect(seen.paths == ["/profile/\(F.linked(F.maya))/story/3muojebufwseb"], "advanced with reduced motion")
            try await f.browser.execute("document.querySelector('.viewer-pause').click()")
            #expect(try await f.browser.waitUntil(F.isRunning, timeout: .seconds(10)))
        }
    }

    @Test(arguments: BrowserEngine.allCases) func aHiddenTabPausesTheTimerAndComingBackResumesIt(engine: BrowserEngine) async throws {
        try await F.run(engine) { f in
            try await f.open(F.maya, "3muojebufwseb")
            try await f.browser.execute(
                """
                Object.defineProperty(document, 'visibilityState', { get: () => 'hidden', configurable: true });
                document.dispatchEvent(new Event('visibilitychange'));
                """)
            #expect(try await f.browser.waitUntil(F.isPaused, timeout: .seconds(5)))
            // Compare only once the pause has taken effect; from then on nothing may move it.
            #expect(try await f.browser.waitUntil(F.isSettledPaused, timeout: .seconds(5)), "the pause never took effect")
            let frozen = try #require(try await f.timer()).time
            let seen = try await f.watch(frames: 60)
            #expect(seen.paths == ["/profile/\(F.linked(F.maya))/story/3muojebufwseb"], "advanced while hidden")
            #expect(seen.states == ["paused"] && seen.times == [frozen], "the timer moved from \(frozen) while hidden: \(seen)")
            try await f.browser.execute(
                """
                window.__shownAt = performance.now();
                Object.defineProperty(document, 'visibilityState', { get: () => 'visible', configurable: true });
                document.dispatchEvent(new Event('visibilitychange'));
                """)
            #expect(try await f.browser.waitUntil(F.isRunning, timeout: .seconds(5)))
            // However long the machine took to look, the timer may have moved on only by
            // the time the page's own clock says passed since it was shown (plus a frame).
            let resumed = try await f.browser.execute(
                """
                const animation = document.querySelector('dialog.viewer [aria-current="step"] .fill').getAnimations()[0];
                return [animation.currentTime || 0, performance.now() - window.__shownAt];
                """)
            let time = try #require(resumed.array?.first?.double)
            let sinceShown = try #require(resumed.array?.last?.double)
            #expect(
                time >= frozen && time <= frozen + sinceShown + 50,
                "resumed from \(frozen) to \(time) within \(sinceShown) ms: it must continue, not jump")
        }
    }

    @Test(arguments: BrowserEngine.allCases) func theTimerWaitsForThePhotoToArrive(engine: BrowserEngine) async throws {
        try await F.run(engine) { f in
            f.appView.setImageDelay(.milliseconds(4000))
            try await f.browser.navigate(f.storyURL(F.maya, "3mupadw3kg264"))
            // While the photo is still on its way the timer is paused; from then on the
            // page notes whether the photo was there when the timer started playing.
            #expect(
                try await f.browser.waitUntil(
                    """
                    const dialog = document.querySelector('dialog.viewer');
                    const image = dialog && dialog.querySelector('.story-image');
                    const fill = dialog && dialog.querySelector('[aria-current="step"] .fill');
                    const animation = fill && fill.getAnimations()[0];
                    if (!image || image.complete || !animation || animation.playState !== 'paused') { return false; }
                    new MutationObserver((_, observer) => {
                        if (!dialog.classList.contains('is-playing')) { return; }
                        observer.disconnect();
                        window.__started = { photoComplete: image.complete, time: animation.currentTime || 0 };
                    }).observe(dialog, { attributes: true, attributeFilter: ['class'] });
                    return true;
                    """, timeout: .seconds(3)), "the photo arrived before the test saw the timer paused waiting for it")
            #expect(try await f.browser.waitUntil(F.isRunning, timeout: .seconds(15)))
            let started = try await f.browser.execute("return window.__started")
            #expect(started["photoComplete"]?.bool == true, "the timer started before the photo arrived: \(started)")
            #expect(started["time"]?.double == 0, "the timer moved before it started playing: \(started)")
        }
    }

    @Test func theNextStoryAndTheNextAuthorsFirstPhotoAreFetchedAhead() async throws {
        try await F.run { f in
            try await f.open(F.maya, "3mupadw3kg264")
            // Maya's last story: next is Erin's first, which is also the next author's first.
            #expect(
                try await f.browser.waitUntil(
                    """
                    return performance.getEntriesByType('resource').some(e => e.name.includes('/media/'))
                        && [...document.querySelectorAll('link[rel=preload][as=image]')].length >= 1;
                    """))
            // The page preloads only its own photo; the script fetches the next one (a size
            // from its srcset) once this one is painted.
            #expect(
                try await f.browser.waitUntil(
                    """
                    const image = document.querySelector('.viewer-stage .story-image');
                    const ownSizes = image.srcset.split(',').map(c => new URL(c.trim().split(' ')[0], location.href).href);
                    return performance.getEntriesByType('resource')
                        .some(e => /\\/media\\/.+\\/(390|456|519|614|740|845|922|1170|1350|1640)$/.test(e.name) && !ownSizes.includes(e.name));
                    """, timeout: .seconds(10)))
            // Its own photo first: the next one is asked for only after this one has arrived
            // (an order of events, not a time).
            let order = try await f.browser.execute(
                """
                const image = document.querySelector('.viewer-stage .story-image');
                const current = image.currentSrc;
                const ownSizes = image.srcset.split(',').map(c => new URL(c.trim().split(' ')[0], location.href).href);
                const entries = performance.getEntriesByType('resource');
                const own = entries.find(e => e.name === current);
                const next = entries.find(e => /\\/media\\/.+\\/(390|456|519|614|740|845|922|1170|1350|1640)$/.test(e.name) && !ownSizes.includes(e.name));
                return { ownEnd: own ? own.responseEnd : -1, nextStart: next ? next.startTime : -1, entries: entries.filter(e => e.name.includes('/media/')).map(e => [e.name.slice(-60), e.initiatorType, Math.round(e.startTime), Math.round(e.responseEnd)].join(' ')).join(' | ') };
                """)
            let ownEnd = try #require(order["ownEnd"]?.double)
            let nextStart = try #require(order["nextStart"]?.double)
            #expect(ownEnd > 0 && nextStart >= ownEnd, "the next photo was asked for before the one on screen arrived: \(order)")
            #expect(f.appView.imageRequestCount >= 2, "the next photo was fetched before it was needed")
            try await f.browser.tap(x: 390 * 0.8, y: 844 * 0.5)
            #expect(try await f.waitForPath("/profile/\(F.linked(F.erin))/story/3mstandfdhj0", timeout: .seconds(10)))
            #expect(try await f.browser.execute("return document.querySelector('.story-image').complete").bool == true)
        }
    }

    @Test func everyControlIsAtLeast24PixelsAndNamed() async throws {
        try await F.run { f in
            try await f.open(F.maya, "3muojebufwseb")
            let problems = try await f.browser.execute(
                """
                return [...document.querySelectorAll('dialog.viewer a, dialog.viewer button')]
                    // Controls the layout leaves out (the neighbours beside a wide screen's
                    // photo, on a phone) are not there to be pressed.
                    .filter(el => !el.hidden && el.getClientRects().length > 0)
                    .filter(el => { const r = el.getBoundingClientRect(); return r.width < 24 || r.height < 24 || !(el.getAttribute('aria-label') || el.textContent.trim()); })
                    .map(el => el.className);
                """)
            #expect(problems.array?.isEmpty == true, "too small or unnamed: \(problems)")
            // The story timer runs (5 s a story), and on a busy machine it may have moved on
            // by now: the address and the photo are read together, and the alt must name
            // the position of the story the address shows.
            let shown = try await f.browser.execute("return [location.pathname, document.querySelector('.viewer-stage .story-image').alt]")
            let (path, alt) = (shown.array?.first?.string ?? "", shown.array?.last?.string ?? "")
            let position = ["3muojebufwseb", "3muovdv3qvkv2", "3mupadw3kg264"].firstIndex { path.hasSuffix("/story/" + $0) }
            #expect(position.map { alt.hasPrefix("Photo story by Maya Okafor, \($0 + 1) of 3") } == true, "at \(path), alt: \(alt)")
        }
    }

    /// Closing the viewer brings the strip up to date in place: the ring of the author
    /// watched to the end turns grey and its label says "seen", with no reload.
    @Test(arguments: BrowserScreen.allCases) func watchingToTheEndAndClosingGreysTheRingWithoutAReload(screen: BrowserScreen) async throws {
        try await F.run(screen: screen) { f in
            try await f.browser.navigate(f.base + "/")
            let maya = "a:is([href=\"/stories/\(F.linked(F.maya))\"], [href^=\"/profile/\(F.linked(F.maya))/story/\"])"
            let erin = "a:is([href=\"/stories/\(F.linked(F.erin))\"], [href^=\"/profile/\(F.linked(F.erin))/story/\"])"
            let state = """
                const link = document.querySelector(arguments[0]);
                return [link.querySelector('.avatar-ring').className, link.getAttribute('aria-label')];
                """
            let before = try await f.browser.execute(state, [.string(maya)]).array?.compactMap(\.string) ?? []
            #expect(before.count == 2 && before[0].contains("ring-unseen") && before[1].hasSuffix(", new"), "\(before)")
            try await f.browser.execute("window.notReloaded = true; document.querySelector(arguments[0]).click()", [.string(maya)])
            #expect(try await f.browser.waitUntil("return !!document.querySelector('dialog.viewer[open]')"))
            try await f.browser.press(WebDriver.arrowRight)
            #expect(try await f.waitForPath("/profile/\(F.linked(F.maya))/story/3muovdv3qvkv2", timeout: .seconds(10)))
            try await f.browser.press(WebDriver.arrowRight)
            #expect(try await f.waitForPath("/profile/\(F.linked(F.maya))/story/3mupadw3kg264", timeout: .seconds(10)))
            try await f.browser.press(WebDriver.escape)
            #expect(try await f.waitForPath("/", timeout: .seconds(10)))
            #expect(
                try await f.browser.waitUntil(
                    """
                    const link = document.querySelector(arguments[0]);
                    return link.querySelector('.avatar-ring').classList.contains('ring-seen') && link.getAttribute('aria-label').endsWith(', seen');
                    """, timeout: .seconds(5), [.string(maya)]), "the watched ring stayed coloured")
            #expect(try await f.browser.execute("return window.notReloaded === true").bool == true, "the page was reloaded")
            let other = try await f.browser.execute(state, [.string(erin)]).array?.compactMap(\.string) ?? []
            #expect(other.count == 2 && other[0].contains("ring-unseen") && other[1].hasSuffix(", new"), "an unwatched ring changed: \(other)")
        }
    }

    /// The end of a story's bar arriving while a tap already moves on must not move on a
    /// second time (skipping a story, or reloading the page); nor may an animation event
    /// from a bar that is no longer the current one.
    @Test(arguments: BrowserScreen.allCases) func aStaleEndOfTheProgressBarNeverAdvances(screen: BrowserScreen) async throws {
        try await F.run(screen: screen) { f in
            try await f.open(F.maya, "3muojebufwseb")
            try await f.browser.execute(
                """
                window.notReloaded = true;
                window.oldFill = document.querySelector('dialog.viewer .segment-current .fill');
                document.querySelector('.tap-zone[rel=next]').click();
                window.oldFill.dispatchEvent(new AnimationEvent('animationend', { bubbles: true, animationName: 'story-progress' }));
                """)
            #expect(try await f.waitForPath("/profile/\(F.linked(F.maya))/story/3muovdv3qvkv2", timeout: .seconds(10)))
            // Story 2 is labelled: its timer is held, so nothing but a stale event could move on.
            #expect(
                try await f.browser.waitUntil("return window.notReloaded === true && !!document.querySelector('dialog.viewer .label-gate')"),
                "the page was reloaded")
            try await f.browser.execute(
                """
                const event = () => new AnimationEvent('animationend', { bubbles: true, animationName: 'story-progress' });
                window.oldFill.dispatchEvent(event());
                document.querySelector('dialog.viewer .segment-done .fill').dispatchEvent(event());
                """)
            // A move would land within a second (the next story is already fetched).
            #expect(!(try await f.waitForPath("/profile/\(F.linked(F.maya))/story/3mupadw3kg264", timeout: .seconds(1))), "a stale event moved on")
            #expect(try await f.path() == "/profile/\(F.linked(F.maya))/story/3muovdv3qvkv2")
            #expect(try await f.browser.execute("return window.notReloaded === true && history.length").double == 2)
        }
    }

    /// While a content warning holds the timer, the pause button does not claim that the
    /// story is playing; after "Show" it is back, as Pause.
    @Test(arguments: BrowserEngine.allCases) func theContentWarningScreenShowsNoPauseButton(engine: BrowserEngine) async throws {
        try await F.run(engine) { f in
            try await f.open(F.maya, "3muovdv3qvkv2", expectRunning: false)
            #expect(try await f.browser.waitUntil(F.isPaused))
            let button = """
                const button = document.querySelector('.viewer-pause');
                const r = button.getBoundingClientRect();
                return [getComputedStyle(button).display, r.width, button.getAttribute('aria-label')];
                """
            let held = try await f.browser.execute(button).array ?? []
            #expect(held.first?.string == "none" && held.dropFirst().first?.double == 0, "a pause button on the warning screen: \(held)")
            try await f.browser.execute("document.querySelector('.label-gate summary').click()")
            #expect(try await f.browser.waitUntil(F.isRunning, timeout: .seconds(10)))
            let shown = try await f.browser.execute(button).array ?? []
            #expect(shown.first?.string != "none" && (shown.dropFirst().first?.double ?? 0) >= 24 && shown.last?.string == "Pause", "\(shown)")
        }
    }

    /// Scroll snapping must not push the strip's first tile against the screen edge.
    @Test func theStripStartsAtItsPadding() async throws {
        try await F.run { f in
            try await f.browser.navigate(f.base + "/")
            #expect(try await f.browser.waitUntil("return document.readyState === 'complete'"))
            let layout =
                try await f.browser.execute(
                    """
                    const strip = document.querySelector('.strip-list');
                    return [strip.scrollLeft, strip.querySelector('.strip-item').getBoundingClientRect().left, strip.scrollWidth > strip.clientWidth];
                    """
                ).array ?? []
            #expect(layout.count == 3 && layout[2].bool == true, "the strip must overflow for this test to mean anything: \(layout)")
            #expect(layout.first?.double == 0, "scrollLeft \(layout)")
            #expect((layout.dropFirst().first?.double ?? 0) >= 12, "first tile left \(layout)")
        }
    }

    static let visibleHidden = """
        return [...document.querySelectorAll('body [hidden]')].filter(el => {
            const r = el.getBoundingClientRect();
            return getComputedStyle(el).display !== 'none' || r.width > 0 || r.height > 0;
        }).map(el => el.tagName + '.' + el.className);
        """

    /// An element with the hidden attribute takes no space, whatever CSS says about its display.
    @Test(arguments: BrowserScreen.allCases) func hiddenElementsStayHiddenWithAndWithoutJavaScript(screen: BrowserScreen) async throws {
        try await F.run(screen: screen) { f in
            for javaScript in [true, false] {
                try await f.browser.cdp("Emulation.setScriptExecutionDisabled", ["value": .bool(!javaScript)])
                for path in ["/", "/profile/\(F.linked(F.maya))/story/3muojebufwseb"] {
                    try await f.browser.navigate(f.base + path)
                    #expect(try await f.browser.waitUntil("return document.readyState === 'complete'"))
                    let shown = try await f.browser.execute(Self.visibleHidden)
                    #expect(shown.array?.isEmpty == true, "JavaScript \(javaScript), \(path): shown although hidden: \(shown)")
                }
                if !javaScript {
                    // Without the script the viewer has no pause button to press.
                    #expect(try await f.browser.execute("return document.documentElement.classList.contains('js')").bool == false)
                    #expect(try await f.browser.execute("return document.querySelector('.viewer-pause').getBoundingClientRect().width").double == 0)
                }
            }
            try await f.browser.cdp("Emulation.setScriptExecutionDisabled", ["value": false])
        }
    }
}
