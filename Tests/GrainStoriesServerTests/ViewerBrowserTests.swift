import Foundation
import MicroHTTPServer
import TestSupport
import Testing

/// What a person sees and does in the viewer, in a real headless Chromium with a
/// phone-sized touch screen (390 × 844).
@Suite(.serialized) struct ViewerBrowserTests {
    typealias F = BrowserFixture

    @Test func aStoryAdvancesByItselfAfterAboutFiveSeconds() async throws {
        try await F.run { f in
            try await f.open(F.maya, "3muojebufwseb")
            let timer = try #require(try await f.timer())
            #expect(timer.duration == 5000)
            try await Task.sleep(for: .seconds(2))
            #expect(try await f.path() == "/profile/\(F.maya)/story/3muojebufwseb", "advanced too early")
            #expect(try await f.waitForPath("/profile/\(F.maya)/story/3muovdv3qvkv2", timeout: .seconds(8)))
            // An in-place step: no new history entry.
            #expect(try await f.browser.execute("return history.length").double == 2)
        }
    }

    /// Taps also work around a content warning (story 2 is labelled): the warning only
    /// covers the photo and its "Show" button, never the tap zones.
    @Test func tapZonesGoBackOnTheLeftThirdAndForwardElsewhere() async throws {
        try await F.run { f in
            try await f.open(F.maya, "3mupadw3kg264")
            try await f.browser.tap(x: 390 * 0.15, y: 844 * 0.5)
            #expect(try await f.waitForPath("/profile/\(F.maya)/story/3muovdv3qvkv2", timeout: .seconds(3)))
            try await f.browser.tap(x: 390 * 0.15, y: 844 * 0.3)
            #expect(try await f.waitForPath("/profile/\(F.maya)/story/3muojebufwseb", timeout: .seconds(3)))
            try await f.browser.tap(x: 390 * 0.34, y: 844 * 0.5)
            #expect(try await f.waitForPath("/profile/\(F.maya)/story/3muovdv3qvkv2", timeout: .seconds(3)))
            try await f.browser.tap(x: 390 * 0.85, y: 844 * 0.3)
            #expect(try await f.waitForPath("/profile/\(F.maya)/story/3mupadw3kg264", timeout: .seconds(3)))
        }
    }

    @Test func aContentWarningHoldsTheTimerUntilShowIsChosen() async throws {
        try await F.run { f in
            try await f.open(F.maya, "3muovdv3qvkv2", expectRunning: false)
            #expect(try await f.browser.waitUntil(F.isPaused))
            #expect(try await f.browser.execute("return getComputedStyle(document.querySelector('.story-image')).filter").string?.contains("blur") == true)
            try await f.browser.execute("document.querySelector('.label-gate summary').click()")
            #expect(try await f.browser.waitUntil(F.isRunning, timeout: .seconds(2)))
            #expect(try await f.browser.execute("return getComputedStyle(document.querySelector('.story-image')).filter").string == "none")
        }
    }

    @Test func holdingAFingerDownPausesAndLettingGoResumesWithoutSkipping() async throws {
        try await F.run { f in
            try await f.open(F.maya, "3muojebufwseb")
            let point: WebDriverJSON = [["x": 195, "y": 422]]
            try await f.browser.cdp("Input.dispatchTouchEvent", ["type": "touchStart", "touchPoints": point])
            #expect(try await f.browser.waitUntil(F.isPaused, timeout: .seconds(2)), "holding did not pause")
            let held = try #require(try await f.timer()).time
            try await Task.sleep(for: .milliseconds(700))
            #expect(try #require(try await f.timer()).time == held, "the timer moved while held")
            try await f.browser.cdp("Input.dispatchTouchEvent", ["type": "touchEnd", "touchPoints": []])
            #expect(try await f.browser.waitUntil(F.isRunning, timeout: .seconds(2)), "letting go did not resume")
            #expect(try await f.path() == "/profile/\(F.maya)/story/3muojebufwseb", "letting go must not navigate")
        }
    }

    @Test func keyboardArrowsSpaceAndEscape() async throws {
        try await F.run { f in
            try await f.open(F.maya, "3muojebufwseb")
            try await f.browser.press(WebDriver.arrowRight)
            #expect(try await f.waitForPath("/profile/\(F.maya)/story/3muovdv3qvkv2", timeout: .seconds(3)))
            try await f.browser.press(WebDriver.arrowLeft)
            #expect(try await f.waitForPath("/profile/\(F.maya)/story/3muojebufwseb", timeout: .seconds(3)))
            #expect(try await f.browser.waitUntil(F.isRunning))
            try await f.browser.press(WebDriver.space)
            #expect(try await f.browser.waitUntil(F.isPaused, timeout: .seconds(2)))
            let label = try await f.browser.execute("return document.querySelector('.viewer-pause').getAttribute('aria-label')")
            #expect(label.string == "Play")
            try await f.browser.press(WebDriver.space)
            #expect(try await f.browser.waitUntil(F.isRunning, timeout: .seconds(2)))
            try await f.browser.press(WebDriver.escape)
            #expect(try await f.waitForPath("/", timeout: .seconds(3)))
        }
    }

    @Test func swipingMovesBetweenAuthorsAndSwipingDownCloses() async throws {
        try await F.run { f in
            try await f.open(F.maya, "3muojebufwseb")
            try await f.browser.swipe(from: (320, 500), to: (60, 510))
            #expect(try await f.waitForPath("/profile/\(F.erin)/story/3mstandfdhj0", timeout: .seconds(3)), "swipe left goes to the next author")
            try await f.browser.swipe(from: (80, 500), to: (340, 505))
            #expect(try await f.waitForPath("/profile/\(F.maya)/story/3muojebufwseb", timeout: .seconds(3)), "swipe right goes to the previous author")
            try await f.browser.swipe(from: (200, 300), to: (205, 700))
            #expect(try await f.waitForPath("/", timeout: .seconds(3)), "swipe down closes")
        }
    }

    @Test func afterTheLastStoryOfTheLastAuthorTheViewerCloses() async throws {
        try await F.run { f in
            try await f.open(F.erin, "3mstandfdhj0")
            try await f.browser.tap(x: 390 * 0.8, y: 844 * 0.5)
            #expect(try await f.waitForPath("/", timeout: .seconds(3)))
            #expect(try await f.browser.execute("return document.querySelector('dialog.viewer') === null").bool == true)
        }
    }

    @Test func openedFromTheStripOneBackClosesTheViewerAndFocusReturns() async throws {
        try await F.run { f in
            try await f.browser.navigate(f.base + "/")
            let lengthBefore = try await f.browser.execute("return history.length").double ?? 0
            try await f.browser.execute("document.querySelector('a[href=\"/stories/\(F.maya)\"]').click()")
            #expect(try await f.browser.waitUntil("return !!document.querySelector('dialog.viewer[open]') && document.querySelector('dialog.viewer').matches(':modal')"))
            #expect(try await f.browser.execute("return history.length").double == lengthBefore + 1)
            #expect(try await f.browser.execute("return document.querySelector('dialog.viewer').contains(document.activeElement)").bool == true)
            try await f.browser.press(WebDriver.arrowRight)
            #expect(try await f.waitForPath("/profile/\(F.maya)/story/3muovdv3qvkv2", timeout: .seconds(3)))
            try await f.browser.press(WebDriver.arrowRight)
            #expect(try await f.waitForPath("/profile/\(F.maya)/story/3mupadw3kg264", timeout: .seconds(3)))
            try await f.browser.execute("history.back()")
            #expect(try await f.waitForPath("/", timeout: .seconds(3)))
            #expect(try await f.browser.waitUntil("return document.querySelector('dialog.viewer') === null", timeout: .seconds(2)))
            #expect(try await f.browser.execute("return document.activeElement.getAttribute('href')").string == "/stories/\(F.maya)")
        }
    }

    @Test func withReducedMotionTheViewerStartsPausedWithAPlayButton() async throws {
        try await F.run(reducedMotion: true) { f in
            try await f.open(F.maya, "3muojebufwseb", expectRunning: false)
            #expect(try await f.browser.waitUntil(F.isPaused))
            #expect(try await f.browser.execute("""
                const button = document.querySelector('.viewer-pause');
                return !button.hidden && button.getAttribute('aria-label') === 'Play' && button.getBoundingClientRect().width >= 24;
                """).bool == true)
            try await Task.sleep(for: .seconds(6))
            #expect(try await f.path() == "/profile/\(F.maya)/story/3muojebufwseb")
            try await f.browser.execute("document.querySelector('.viewer-pause').click()")
            #expect(try await f.browser.waitUntil(F.isRunning, timeout: .seconds(2)))
        }
    }

    @Test func aHiddenTabPausesTheTimerAndComingBackResumesIt() async throws {
        try await F.run { f in
            try await f.open(F.maya, "3muojebufwseb")
            try await f.browser.execute("""
                Object.defineProperty(document, 'visibilityState', { get: () => 'hidden', configurable: true });
                document.dispatchEvent(new Event('visibilitychange'));
                """)
            #expect(try await f.browser.waitUntil(F.isPaused, timeout: .seconds(1)))
            let frozen = try #require(try await f.timer()).time
            try await Task.sleep(for: .seconds(6))
            #expect(try await f.path() == "/profile/\(F.maya)/story/3muojebufwseb", "advanced while hidden")
            // A pause requested by style may settle a few milliseconds after it reports "paused".
            let later = try #require(try await f.timer()).time
            #expect(abs(later - frozen) < 100, "the timer moved from \(frozen) to \(later) while hidden")
            try await f.browser.execute("""
                Object.defineProperty(document, 'visibilityState', { get: () => 'visible', configurable: true });
                document.dispatchEvent(new Event('visibilitychange'));
                """)
            #expect(try await f.browser.waitUntil(F.isRunning, timeout: .seconds(1)))
            let resumed = try #require(try await f.timer()).time
            #expect(resumed >= frozen && resumed < frozen + 1500, "resumed from \(frozen) to \(resumed): it must continue, not jump")
        }
    }

    @Test func theTimerWaitsForThePhotoToArrive() async throws {
        try await F.run { f in
            f.appView.setImageDelay(.milliseconds(2500))
            try await f.browser.navigate(f.storyURL(F.maya, "3mupadw3kg264"))
            try await Task.sleep(for: .milliseconds(800))
            #expect(try await f.browser.execute("return document.querySelector('.story-image').complete").bool == false)
            #expect(try await f.browser.waitUntil(F.isPaused, timeout: .seconds(1)), "the timer must not run before the photo decodes")
            #expect(try await f.browser.waitUntil(F.isRunning, timeout: .seconds(8)))
        }
    }

    @Test func theNextStoryAndTheNextAuthorsFirstPhotoAreFetchedAhead() async throws {
        try await F.run { f in
            try await f.open(F.maya, "3mupadw3kg264")
            // Maya's last story: next is Erin's first, which is also the next author's first.
            #expect(try await f.browser.waitUntil("""
                return performance.getEntriesByType('resource').some(e => e.name.includes('/media/'))
                    && [...document.querySelectorAll('link[rel=preload][as=image]')].length >= 1;
                """))
            #expect(try await f.browser.waitUntil("""
                const wanted = [...document.querySelectorAll('link[rel=preload][as=image]')].map(l => l.href);
                const loaded = performance.getEntriesByType('resource').map(e => e.name);
                return wanted.length > 0 && wanted.every(url => loaded.includes(url));
                """, timeout: .seconds(5)))
            #expect(f.appView.imageRequestCount >= 2, "the next photo was fetched before it was needed")
            try await f.browser.tap(x: 390 * 0.8, y: 844 * 0.5)
            #expect(try await f.waitForPath("/profile/\(F.erin)/story/3mstandfdhj0", timeout: .seconds(3)))
            #expect(try await f.browser.execute("return document.querySelector('.story-image').complete").bool == true)
        }
    }

    @Test func everyControlIsAtLeast24PixelsAndNamed() async throws {
        try await F.run { f in
            try await f.open(F.maya, "3muojebufwseb")
            let problems = try await f.browser.execute("""
                return [...document.querySelectorAll('dialog.viewer a, dialog.viewer button')]
                    .filter(el => !el.hidden)
                    .filter(el => { const r = el.getBoundingClientRect(); return r.width < 24 || r.height < 24 || !(el.getAttribute('aria-label') || el.textContent.trim()); })
                    .map(el => el.className);
                """)
            #expect(problems.array?.isEmpty == true, "too small or unnamed: \(problems)")
            #expect(try await f.browser.execute("return document.querySelector('.story-image').alt").string?.hasPrefix("Photo story by Maya Okafor, 1 of 3") == true)
        }
    }

    /// Closing the viewer brings the strip up to date in place: the ring of the author
    /// watched to the end turns grey and its label says "seen", with no reload.
    @Test func watchingToTheEndAndClosingGreysTheRingWithoutAReload() async throws {
        try await F.run { f in
            try await f.browser.navigate(f.base + "/")
            let maya = "a[href=\"/stories/\(F.maya)\"]", erin = "a[href=\"/stories/\(F.erin)\"]"
            let state = """
                const link = document.querySelector(arguments[0]);
                return [link.querySelector('.avatar-ring').className, link.getAttribute('aria-label')];
                """
            let before = try await f.browser.execute(state, [.string(maya)]).array?.compactMap(\.string) ?? []
            #expect(before.count == 2 && before[0].contains("ring-unseen") && before[1].hasSuffix(", new"), "\(before)")
            try await f.browser.execute("window.notReloaded = true; document.querySelector(arguments[0]).click()", [.string(maya)])
            #expect(try await f.browser.waitUntil("return !!document.querySelector('dialog.viewer[open]')"))
            try await f.browser.press(WebDriver.arrowRight)
            #expect(try await f.waitForPath("/profile/\(F.maya)/story/3muovdv3qvkv2", timeout: .seconds(3)))
            try await f.browser.press(WebDriver.arrowRight)
            #expect(try await f.waitForPath("/profile/\(F.maya)/story/3mupadw3kg264", timeout: .seconds(3)))
            try await f.browser.press(WebDriver.escape)
            #expect(try await f.waitForPath("/", timeout: .seconds(3)))
            #expect(try await f.browser.waitUntil("""
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
    @Test func aStaleEndOfTheProgressBarNeverAdvances() async throws {
        try await F.run { f in
            try await f.open(F.maya, "3muojebufwseb")
            try await f.browser.execute("""
                window.notReloaded = true;
                window.oldFill = document.querySelector('dialog.viewer .segment-current .fill');
                document.querySelector('.tap-zone[rel=next]').click();
                window.oldFill.dispatchEvent(new AnimationEvent('animationend', { bubbles: true, animationName: 'story-progress' }));
                """)
            #expect(try await f.waitForPath("/profile/\(F.maya)/story/3muovdv3qvkv2", timeout: .seconds(3)))
            // Story 2 is labelled: its timer is held, so nothing but a stale event could move on.
            #expect(try await f.browser.waitUntil("return window.notReloaded === true && !!document.querySelector('dialog.viewer .label-gate')"), "the page was reloaded")
            try await f.browser.execute("""
                const event = () => new AnimationEvent('animationend', { bubbles: true, animationName: 'story-progress' });
                window.oldFill.dispatchEvent(event());
                document.querySelector('dialog.viewer .segment-done .fill').dispatchEvent(event());
                """)
            // A move would land within a second (the next story is already fetched).
            #expect(!(try await f.waitForPath("/profile/\(F.maya)/story/3mupadw3kg264", timeout: .seconds(1))), "a stale event moved on")
            #expect(try await f.path() == "/profile/\(F.maya)/story/3muovdv3qvkv2")
            #expect(try await f.browser.execute("return window.notReloaded === true && history.length").double == 2)
        }
    }

    /// While a content warning holds the timer, the pause button does not claim that the
    /// story is playing; after "Show" it is back, as Pause.
    @Test func theContentWarningScreenShowsNoPauseButton() async throws {
        try await F.run { f in
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
            #expect(try await f.browser.waitUntil(F.isRunning, timeout: .seconds(2)))
            let shown = try await f.browser.execute(button).array ?? []
            #expect(shown.first?.string != "none" && (shown.dropFirst().first?.double ?? 0) >= 24 && shown.last?.string == "Pause", "\(shown)")
        }
    }

    /// Scroll snapping must not push the strip's first tile against the screen edge.
    @Test func theStripStartsAtItsPadding() async throws {
        try await F.run { f in
            try await f.browser.navigate(f.base + "/")
            #expect(try await f.browser.waitUntil("return document.readyState === 'complete'"))
            let layout = try await f.browser.execute("""
                const strip = document.querySelector('.strip-list');
                return [strip.scrollLeft, strip.querySelector('.strip-item').getBoundingClientRect().left, strip.scrollWidth > strip.clientWidth];
                """).array ?? []
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
    @Test func hiddenElementsStayHiddenWithAndWithoutJavaScript() async throws {
        try await F.run { f in
            for javaScript in [true, false] {
                try await f.browser.cdp("Emulation.setScriptExecutionDisabled", ["value": .bool(!javaScript)])
                for path in ["/", "/profile/\(F.maya)/story/3muojebufwseb"] {
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
