import AppTestKit
import Foundation
import Testing

/// The viewer's state (`Public/viewer-state.js`): its one transition function driven
/// directly in the page, and the races it exists for, in the real viewer in headless
/// Chromium.
@Suite(.serialized) struct ViewerStateBrowserTests {
    typealias F = BrowserFixture

    /// Runs `events` through the transition function from the state `initial` gives,
    /// in the home page, and answers each step as "phase story reasons effects" (a move
    /// that waits says how long: "move@300").
    static func steps(_ f: F, initial: WebDriverJSON = [:], _ events: [WebDriverJSON]) async throws -> [String] {
        try await f.browser.navigate(f.base + "/")
        #expect(try await f.browser.waitUntil("return !!(window.GrainStories && window.GrainStories.ViewerState)"))
        let answer = try await f.browser.execute(
            """
            const machine = window.GrainStories.ViewerState;
            let state = machine.initial(arguments[0]);
            return arguments[1].map(event => {
                const result = machine.next(state, event);
                state = result.state;
                return [state.phase, state.story, state.reasons.join(','), result.effects.map(e => e.type + (e.wait ? '@' + e.wait : '')).join(',')].join(' ');
            });
            """, [initial, .array(events)])
        return try #require(answer.array, "no steps: \(answer)").compactMap(\.string)
    }

    @Test(arguments: BrowserEngine.allCases) func aPauseReasonIsReleasedOnlyByClearingThatReasonAndTwoNeedTwoReleases(engine: BrowserEngine) async throws {
        try await F.run(engine) { f in
            let steps = try await Self.steps(
                f,
                [
                    ["type": "story", "gated": false], ["type": "ready", "story": 1],
                    ["type": "hold", "reason": "comments"], ["type": "hold", "reason": "hidden"],
                    ["type": "release", "reason": "held"], ["type": "release", "reason": "comments"],
                    ["type": "release", "reason": "hidden"],
                    ["type": "toggle"], ["type": "hold", "reason": "held"], ["type": "toggle"], ["type": "release", "reason": "held"],
                ])
            #expect(
                steps == [
                    "loading 1  timer", "playing 1  prefetch",
                    "paused 1 comments ", "paused 1 comments,hidden ",
                    "paused 1 comments,hidden ", "paused 1 hidden ",
                    "playing 1  ",
                    "paused 1 user ", "paused 1 held,user ", "paused 1 held ", "playing 1  ",
                ])
        }
    }

    /// Reduced motion starts the viewer paused by the person's choice, and a story's
    /// photo still decoding holds it whatever else happens; a content warning is the
    /// story's own reason and goes with it, the person's reasons stay.
    @Test(arguments: BrowserEngine.allCases) func aNewStoryKeepsThePersonsReasonsAndDropsTheStorysOwn(engine: BrowserEngine) async throws {
        try await F.run(engine) { f in
            let steps = try await Self.steps(
                f, initial: ["reducedMotion": true, "hidden": true],
                [
                    ["type": "story", "gated": true], ["type": "toggle"], ["type": "release", "reason": "hidden"],
                    ["type": "hold", "reason": "share"], ["type": "hold", "reason": "held"], ["type": "ready", "story": 1],
                    ["type": "story", "gated": false], ["type": "release", "reason": "held"], ["type": "ready", "story": 2],
                ])
            #expect(
                steps == [
                    "loading 1 gate,hidden,user timer", "loading 1 gate,hidden ", "loading 1 gate ",
                    "loading 1 gate,share ", "loading 1 gate,held,share ", "paused 1 gate,held,share prefetch",
                    "loading 2 held timer", "loading 2  ", "playing 2  prefetch",
                ])
        }
    }

    /// Race (a) in the table: the end of a bar, a decoded photo or a page asked for from
    /// an earlier story changes nothing; a bar ends once, and only while it plays.
    @Test(arguments: BrowserEngine.allCases) func answersAboutAnEarlierStoryChangeNothing(engine: BrowserEngine) async throws {
        try await F.run(engine) { f in
            let steps = try await Self.steps(
                f,
                [
                    ["type": "story", "gated": false], ["type": "ready", "story": 1],
                    ["type": "story", "gated": false], ["type": "ended", "story": 1], ["type": "ready", "story": 1],
                    ["type": "arrived", "from": 1, "url": "/x"], ["type": "failed", "from": 1, "url": "/x"],
                    ["type": "ready", "story": 2], ["type": "ended", "story": 1],
                    ["type": "toggle"], ["type": "ended", "story": 2], ["type": "toggle"],
                    ["type": "ended", "story": 2], ["type": "ended", "story": 2], ["type": "ready", "story": 2],
                    ["type": "arrived", "from": 2, "url": "/y"], ["type": "failed", "from": 2, "url": "/y"],
                ])
            #expect(
                steps == [
                    "loading 1  timer", "playing 1  prefetch",
                    "loading 2  timer", "loading 2  ", "loading 2  ",
                    "loading 2  ", "loading 2  ",
                    "playing 2  prefetch", "playing 2  ",
                    "paused 2 user ", "paused 2 user ", "playing 2  ",
                    "advancing 2  advance", "advancing 2  ", "advancing 2  ",
                    "advancing 2  swap", "advancing 2  leave",
                ])
        }
    }

    @Test(arguments: BrowserEngine.allCases) func aClosedViewerClosesOnceAndIgnoresEverythingAfter(engine: BrowserEngine) async throws {
        try await F.run(engine) { f in
            let steps = try await Self.steps(
                f,
                [
                    ["type": "story", "gated": false], ["type": "ready", "story": 1], ["type": "close"],
                    ["type": "close"], ["type": "ended", "story": 1], ["type": "toggle"], ["type": "story", "gated": false],
                    ["type": "arrived", "from": 1, "url": "/x"],
                ])
            #expect(
                steps == [
                    "loading 1  timer", "playing 1  prefetch", "closed 1  close",
                    "closed 1  ", "closed 1  ", "closed 1  ", "closed 1  ", "closed 1  ",
                ])
        }
    }

    /// Race (a) in the viewer: two stories on, the end of an earlier story's bar (kept
    /// from when it was on stage) must not skip the story playing now.
    @Test(arguments: BrowserEngine.allCases) func theEndOfAnEarlierStorysBarDoesNotSkipTheStoryPlayingNow(engine: BrowserEngine) async throws {
        try await F.run(engine) { f in
            try await f.open(F.maya, "3muojebufwseb")
            try await f.browser.execute(
                """
                window.notReloaded = true;
                window.oldFills = [document.querySelector('dialog.viewer .segment-current .fill')];
                document.querySelector('.viewer-pause').click();
                """)
            #expect(try await f.browser.waitUntil(F.isSettledPaused))
            try await f.browser.execute("document.querySelector('.tap-zone[rel=next]').click()")
            #expect(try await f.waitForPath("/profile/\(F.linked(F.maya))/story/3muovdv3qvkv2"))
            try await f.browser.execute(
                """
                window.oldFills.push(document.querySelector('dialog.viewer .segment-current .fill'));
                document.querySelector('.tap-zone[rel=next]').click();
                """)
            #expect(try await f.waitForPath("/profile/\(F.linked(F.maya))/story/3mupadw3kg264"))
            try await f.browser.execute("document.querySelector('.viewer-pause').click()")
            #expect(try await f.browser.waitUntil(F.isRunning), "the last story never played")
            try await f.browser.execute(
                """
                const event = () => new AnimationEvent('animationend', { bubbles: true, animationName: 'story-progress' });
                window.oldFills.forEach(fill => fill.dispatchEvent(event()));
                document.querySelectorAll('dialog.viewer .segment-done .fill').forEach(fill => fill.dispatchEvent(event()));
                """)
            // A move would land within a second (the next story is already fetched).
            #expect(!(try await f.waitForPath("/profile/\(F.linked(F.erin))/story/3mstandfdhj0", timeout: .seconds(1))), "a stale end moved on")
            #expect(try await f.path() == "/profile/\(F.linked(F.maya))/story/3mupadw3kg264")
            #expect(try await f.browser.execute("return window.notReloaded === true").bool == true, "the page was reloaded")
        }
    }

    /// The comment sheet's hold and a hidden tab are two reasons: the story plays again
    /// only once both are gone, whichever goes first.
    @Test(arguments: BrowserEngine.allCases) func theCommentSheetsHoldAndAHiddenTabNeedBothToGo(engine: BrowserEngine) async throws {
        try await F.run(engine) { f in
            try await f.open(F.maya, "3muojebufwseb")
            let hold = """
                document.querySelector('dialog.viewer').dispatchEvent(new CustomEvent('grainstories:hold', { detail: { reason: 'comments', held: arguments[0] } }));
                """
            let visibility = """
                Object.defineProperty(document, 'visibilityState', { get: () => arguments[0], configurable: true });
                document.dispatchEvent(new Event('visibilitychange'));
                """
            try await f.browser.execute(hold, [true])
            try await f.browser.execute(visibility, ["hidden"])
            #expect(try await f.browser.waitUntil(F.isSettledPaused))
            try await f.browser.execute(hold, [false])
            let seen = try await f.watch(frames: 30)
            #expect(seen.states == ["paused"], "the comments' release let a hidden tab play: \(seen)")
            try await f.browser.execute(visibility, ["visible"])
            #expect(try await f.browser.waitUntil(F.isRunning), "showing the tab again did not resume")
        }
    }

    /// Race (b): a ring greys once its story is seen, even when the seen reports land
    /// after the viewer has closed: the rings are refreshed only once they have.
    @Test(arguments: BrowserEngine.allCases) func theRingGreysOnceTheSlowSeenReportsHaveLanded(engine: BrowserEngine) async throws {
        try await F.run(engine) { f in
            try await f.browser.navigate(f.base + "/")
            let maya = "a:is([href=\"/stories/\(F.linked(F.maya))\"], [href^=\"/profile/\(F.linked(F.maya))/story/\"])"
            try await f.browser.execute(
                """
                window.notReloaded = true;
                window.heldSeen = [];
                const original = window.fetch;
                window.fetch = function (url, init) {
                    if (String(url) !== '/seen') { return original.apply(this, arguments); }
                    return new Promise(resolve => window.heldSeen.push({ done: false, release: () => resolve(original(url, init)) }));
                };
                document.querySelector(arguments[0]).click();
                """, [.string(maya)])
            #expect(try await f.browser.waitUntil("return !!document.querySelector('dialog.viewer[open]')"))
            try await f.browser.press(WebDriver.arrowRight)
            #expect(try await f.waitForPath("/profile/\(F.linked(F.maya))/story/3muovdv3qvkv2"))
            try await f.browser.press(WebDriver.arrowRight)
            #expect(try await f.waitForPath("/profile/\(F.linked(F.maya))/story/3mupadw3kg264"))
            try await f.browser.press(WebDriver.escape)
            #expect(try await f.waitForPath("/"))
            #expect(try await f.browser.waitUntil("return document.querySelector('dialog.viewer') === null"))
            // A visitor's seen state is a cookie each answer rewrites from the cookie its
            // request carried: reports in flight together would each set it without the
            // others' stories. So the viewer sends one at a time, the next once the last
            // has landed, and at no point does more than one wait here.
            for count in 1...3 {
                #expect(
                    try await f.browser.waitUntil("return window.heldSeen.some(report => !report.done)"),
                    "seen report \(count) was never sent")
                let open = try await f.browser.execute("return window.heldSeen.filter(report => !report.done).length")
                #expect(open.double == 1, "seen reports in flight together: \(open)")
                try await f.browser.execute(
                    """
                    for (const report of window.heldSeen.filter(report => !report.done).reverse()) {
                        report.done = true;
                        report.release();
                    }
                    """)
            }
            #expect(try await f.browser.execute("return window.heldSeen.length").double == 3, "one seen report per story shown")
            #expect(
                try await f.browser.waitUntil(
                    """
                    return document.querySelector(arguments[0]).querySelector('.avatar-ring').classList.contains('ring-seen');
                    """, [.string(maya)]), "the watched ring stayed coloured")
            #expect(try await f.browser.execute("return window.notReloaded === true").bool == true, "the page was reloaded")
        }
    }

    /// Double tap (issue 23): a tap moves at once; a second one soon and near enough
    /// undoes the first one's move (putting back the story it left once it has landed,
    /// dropping it while it is still on its way) and hearts that story. Too late, too far,
    /// or after another story came on stage, a tap is a tap. A bar's end still moves on.
    /// A tap that closes the viewer is the one that waits (a close cannot be undone), so a
    /// double tap on the last story likes it and stays.
    @Test func aSecondTapSoonAndNearUndoesTheFirstTapsMoveAndHearts() async throws {
        try await F.run { f in
            func tap(_ at: Double, _ x: Double, _ url: String, _ to: String, closes: Bool = false) -> WebDriverJSON {
                ["type": "tap", "at": .number(at), "x": .number(x), "y": 400, "url": .string(url), "to": .string(to), "closes": .bool(closes)]
            }
            let steps = try await Self.steps(
                f,
                [
                    ["type": "story", "gated": false], ["type": "ready", "story": 1],
                    // Landed, then undone: back to /a, hearted.
                    tap(1000, 100, "/a", "/b"), ["type": "arrived", "from": 1, "url": "/b", "tap": 1], ["type": "story", "gated": false],
                    tap(1200, 130, "/b", "/c"),
                    // Still on its way when undone: its arrival is dropped; a bar's end is not.
                    ["type": "ready", "story": 2], tap(5000, 100, "/b", "/c"), tap(5100, 100, "/b", "/c"),
                    ["type": "arrived", "from": 2, "url": "/c", "tap": 2], ["type": "failed", "from": 2, "url": "/c", "tap": 2],
                    ["type": "ended", "story": 2], ["type": "arrived", "from": 2, "url": "/c"], ["type": "story", "gated": false],
                    // Too late (400 ms), then too far (100 px): taps that move.
                    tap(9000, 100, "/c", "/d"), ["type": "arrived", "from": 3, "url": "/d", "tap": 3], ["type": "story", "gated": false],
                    tap(9400, 100, "/d", "/e"), tap(9450, 200, "/d", "/e"),
                    // A story that came otherwise (the bar's end) between two taps.
                    tap(20000, 100, "/d", "/e"), ["type": "story", "gated": false], tap(20100, 100, "/e", "/f"),
                    // The last story: a double tap cancels the close its first tap would make.
                    tap(30000, 100, "/f", "/", closes: true), tap(30100, 100, "/f", "/", closes: true), ["type": "close", "tap": 8],
                    tap(40000, 100, "/f", "/", closes: true), ["type": "close", "tap": 9],
                ])
            #expect(
                steps == [
                    "loading 1  timer", "playing 1  prefetch",
                    "playing 1  move", "playing 1  swap", "loading 2  timer",
                    "loading 2  return,favorite",
                    "playing 2  prefetch", "playing 2  move", "playing 2  favorite",
                    "playing 2  ", "playing 2  ",
                    "advancing 2  advance", "advancing 2  swap", "loading 3  timer",
                    "loading 3  move", "loading 3  swap", "loading 4  timer",
                    "loading 4  move", "loading 4  move",
                    "loading 4  move", "loading 5  timer", "loading 5  move",
                    "loading 5  move@300", "loading 5  favorite", "loading 5  ",
                    "loading 5  move@300", "closed 5  close",
                ])
        }
    }
}
