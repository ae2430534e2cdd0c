import ATProto
import ATProtoTestKit
import AppTestKit
import Foundation
import TestKit
import Testing
import Viewing

/// TV mode left on for three days, in headless Chromium with both clocks moved: the
/// server's (`MovableClock`, the application's `now`) and the page's (`PageClock`: its
/// `Date` and its timers). Every three hours of that time the page must still be moving
/// on by itself and show exactly the people with a live story then: newcomers joining
/// and expired people leaving without a reload, through an AppView outage, a server
/// restart and a device that slept, and without its DOM or documents piling up.
///
/// Chromium only: the page's clock is installed before its scripts through DevTools. The
/// memory figures of a longer run are a benchmark (docs/benchmarks/tv-long-run.md, `scripts/bench-tv`).
@Suite(.serialized) struct TVLongRunBrowserTests {
    typealias F = BrowserFixture
    typealias TV = TVBrowserTests

    /// When the fixture's people's last stories turn 24 hours old, in hours from the
    /// start (Erin 2026-09-03T19:05, Maya 15:03, Tomás 16:20, Kenji 17:41 against 18:00).
    static let fixtureExpiry = [1.1, 21.07, 22.34, 23.69]
    /// When someone new posts a story, in hours from the start: each is live for 24 hours.
    static let posts = [2, 11, 20, 29, 38, 47, 56, 65]

    /// How many people have a live story `hours` into the run (never near a boundary:
    /// the steps are 40 minutes or more from every expiry above).
    static func people(at hours: Int) -> Int {
        fixtureExpiry.filter { Double(hours) < $0 }.count + posts.filter { $0 <= hours && hours < $0 + 24 }.count
    }

    /// The `index`th newcomer.
    static func newcomer(_ index: Int, at date: Date) -> StandInAppView.PostedAuthor {
        let letter = Array("abcdefghijk")[index]
        return .init(
            did: "did:plc:tvposter" + String(repeating: letter, count: 16), handle: "poster-\(letter).test", displayName: "Poster \(letter.uppercased())",
            createdAt: date)
    }

    /// The page counts the pages it swapped in, the requests that failed, and keeps a
    /// stand-in for the Screen Wake Lock (see TVFrameBrowserTests).
    static let watchPage = """
        window.__swaps = 0;
        window.__fetchFailures = 0;
        new MutationObserver((records) => {
            for (const record of records) {
                for (const node of record.addedNodes) { if (node.matches && node.matches('main.tv')) { window.__swaps += 1; } }
            }
        }).observe(document.body, { childList: true });
        const fetchFirst = window.fetch;
        window.fetch = function (...args) {
            return fetchFirst.apply(this, args).catch((error) => { window.__fetchFailures += 1; throw error; });
        };
        """

    /// What the page shows: the people in the round ("k of N"'s N), whether a story or a
    /// message is on, how many pages came in, how big the DOM is.
    static let state = """
        const mains = document.querySelectorAll('main.tv');
        const main = mains[0];
        const person = main && main.querySelector('.tv-person');
        const title = main && main.querySelector('.tv-message-title');
        return { people: person ? Number(person.textContent.split(' of ')[1]) : -1, message: title ? title.textContent : null,
                 swaps: window.__swaps, failures: window.__fetchFailures, mains: mains.length,
                 elements: document.getElementsByTagName('*').length, notReloaded: window.notReloaded === true };
        """

    /// Waits until the page plays a story in a round of `people`, has swapped in a page
    /// since `swaps`, and the fade is over (one page left).
    static func waitForRound(_ f: F, people: Int, after swaps: Double, timeout: Duration = .seconds(40)) async throws -> Bool {
        try await f.browser.waitUntil(
            """
            const mains = document.querySelectorAll('main.tv');
            const person = mains.length === 1 && mains[0].querySelector('.tv-person');
            return !!person && person.textContent.endsWith(' of ' + arguments[0]) && window.__swaps > arguments[1];
            """, timeout: timeout, [.number(Double(people)), .number(swaps)])
    }

    /// Moves both clocks on: the server's first, so what the page's overdue timers fetch
    /// is already the later time's.
    static func advance(_ f: F, _ clock: MovableClock, seconds: Double) async throws {
        clock.advance(by: seconds)
        try await PageClock.advance(f.browser, by: seconds)
    }

    /// CDP's count of documents, nodes and listeners after a full garbage collection,
    /// and the JS heap in use.
    static func memory(_ f: F) async throws -> [String: Double] {
        try await f.browser.cdp("HeapProfiler.collectGarbage")
        let metrics = try await f.browser.cdp("Performance.getMetrics")
        var values: [String: Double] = [:]
        for metric in metrics["metrics"]?.array ?? [] {
            if let name = metric["name"]?.string, let value = metric["value"]?.double { values[name] = value }
        }
        return values
    }

    @Test func threeDaysOnAWallItKeepsPlayingWhoeverIsLiveThroughOutagesRestartsAndSleep() async throws {
        // An hour behind: the first step moves it 3 hours on, so each step's clock is
        // `hours` from the fixture's time, as `people(at:)` counts.
        let clock = MovableClock(start: Date().addingTimeInterval(-3600))
        try await F.run(.chromium, screen: .tv, knowsItsAddress: true, clock: clock) { f in
            try await PageClock.install(f.browser, aheadBy: clock.offsetSeconds)
            try await f.browser.cdp("Performance.enable")
            try await TV.open(f, "interval=3")
            try await f.browser.execute(Self.watchPage)
            var posted = 0
            var measured: [(hours: Int, values: [String: Double], elements: Double)] = []
            var elementsSeen: [Double] = []
            for hours in stride(from: 2, through: 71, by: 3) {
                let before = try await f.browser.execute(Self.state)
                let swaps = before["swaps"]?.double ?? 0
                if hours == 14 { f.appView.setMode(.serverError) }
                if hours == 17 { f.appView.setMode(.normal) }
                if hours == 47 {
                    // The device sleeps: the page is hidden while three hours pass.
                    try await f.browser.execute(
                        """
                        Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
                        Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
                        document.dispatchEvent(new Event('visibilitychange'));
                        """)
                }
                try await Self.advance(f, clock, seconds: 3 * 3600)
                if hours == 47 {
                    // It wakes: shown again, and the network comes back.
                    try await f.browser.execute(
                        """
                        delete document.visibilityState;
                        delete document.hidden;
                        document.dispatchEvent(new Event('visibilitychange'));
                        window.dispatchEvent(new Event('online'));
                        """)
                }
                if Self.posts.contains(hours) {
                    let author = Self.newcomer(posted, at: clock.now)
                    posted += 1
                    f.appView.post(author)
                    await f.app.storyLibrary.invalidate(author: DID(author.did)!)
                }
                if hours == 14 {
                    // Grain is down and nothing is cached: the page says so, and keeps looking.
                    await f.app.storyLibrary.invalidate(author: F.kenji)
                    #expect(
                        try await f.browser.waitUntil(
                            "const t = document.querySelector('main.tv .tv-message-title'); return !!t && t.textContent === 'Grain is not answering'",
                            timeout: .seconds(40)), "hour \(hours): the outage never showed")
                    continue
                }
                if hours == 32 {
                    // The server restarts while the page plays: its requests fail for a while.
                    let failures = try await f.browser.execute(Self.state)["failures"]?.double ?? 0
                    try await f.restartServer {
                        let noticed = try await f.browser.waitUntil(
                            "return window.__fetchFailures > arguments[0]", timeout: .seconds(40), [.number(failures)])
                        #expect(noticed, "the page never noticed the server was gone")
                    }
                }
                var settled = try await Self.waitForRound(f, people: Self.people(at: hours), after: swaps, timeout: .seconds(20))
                // After the outage, Grain's answers may be held back a little longer (the
                // library's pause after failures): time passes, a minute a step, until it
                // plays again.
                var minutes = 0
                while !settled, hours == 17 || hours == 32, minutes < 30 {
                    try await Self.advance(f, clock, seconds: 60)
                    minutes += 1
                    settled = try await Self.waitForRound(f, people: Self.people(at: hours), after: swaps, timeout: .seconds(3))
                }
                let after = try await f.browser.execute(Self.state)
                #expect(settled, "hour \(hours): expected a story playing among \(Self.people(at: hours)) people, moving on: \(after)")
                #expect(after["notReloaded"]?.bool == true, "hour \(hours): the page was reloaded")
                let elements = after["elements"]?.double ?? 0
                elementsSeen.append(elements)
                if hours == 5 || hours == 71 { measured.append((hours, try await Self.memory(f), elements)) }
                if !settled { break }
            }
            // The outage's 503 pages and the restart's refused requests are in the console,
            // as they should be; nothing else is (the fixture's clean-page check then sees
            // what came after).
            let unexpected = try await f.browser.consoleEntries().filter {
                $0.level == "SEVERE" && !$0.message.contains("status of 503") && !$0.message.contains("Failed to fetch")
                    && !$0.message.contains("ERR_CONNECTION_REFUSED")
            }
            #expect(unexpected.isEmpty, "console errors besides the outage and the restart: \(unexpected.map(\.message))")
            // Nothing piles up: one page, a DOM the size of a page, old documents and
            // their listeners collected.
            try #require(measured.count == 2, "the run did not get through: \(measured.map(\.hours))")
            let (start, end) = (measured[0].values, measured[1].values)
            print("TV long run, after 5 h and 71 h: \(measured.map { "\($0.hours) h: \($0.elements) elements, \($0.values)" })")
            #expect(
                (elementsSeen.max() ?? 0) <= (elementsSeen.first ?? 0) + 60,
                "the DOM grew from \(elementsSeen.first ?? 0) to \(elementsSeen.max() ?? 0) elements: \(elementsSeen)")
            #expect((end["Documents"] ?? .infinity) <= (start["Documents"] ?? 0) + 3, "documents piled up: \(start) → \(end)")
            #expect((end["JSEventListeners"] ?? .infinity) <= (start["JSEventListeners"] ?? 0) + 20, "listeners piled up: \(start) → \(end)")
            #expect((end["Nodes"] ?? .infinity) <= (start["Nodes"] ?? 0) * 1.5 + 500, "nodes piled up: \(start) → \(end)")
        }
    }

    /// What a test does with forty copies of the TV page's photo (made the way TV makes
    /// them, with their srcset) before dropping them, by the test's name.
    static let dropped: [String: String] = [
        // Loaded ahead the way TV does (`readyImage`) and the way the viewer does
        // (`preloadImage`), and never shown.
        "loaded ahead": """
        loads.push(G.readyImage(photo));
        loads.push(G.preloadImage(photo));
        """,
        // Put into a page out of the document and decoded there, as TV builds its next page,
        // and the page dropped (a newer move came first) through `letGoOfPhotos`.
        "put in a page never shown": """
        loads.push(G.readyImage(photo).then((copy) => {
            const page = document.createElement('main');
            page.appendChild(document.createElement('figure')).appendChild(copy);
            return G.photoReady(copy).then(() => G.letGoOfPhotos(page));
        }));
        """,
    ]

    /// Photos that are not shown are let go. Chromium keeps an `<img>` whose srcset was
    /// set, or that was decoded, outside any document alive for as long as the page unless
    /// it goes into the document once (shared.js, `passThroughDocument`); a TV drops a page
    /// loaded ahead whenever the one on screen is fetched again, and left for days it
    /// gained a renderer node per story (scripts/bench-tv). Forty copies of the page's photo
    /// are made and dropped; after a full collection, DevTools counts the `<img>`s in no
    /// document that are still alive: the few of the pages in hand, not forty.
    @Test(arguments: ["loaded ahead", "put in a page never shown"])
    func photosNotShownAreLetGo(_ way: String) async throws {
        try await F.run(.chromium, screen: .tv) { f in
            try await TV.open(f, "interval=60")
            // A returned promise is waited for (WebDriver's Execute Script).
            let loaded = try await f.browser.execute(
                """
                const G = window.GrainStories;
                const photo = document.querySelector('main.tv .tv-image');
                if (!photo || !photo.getAttribute('srcset')) { return 'the photo offers no sizes'; }
                const loads = [];
                for (let i = 0; i < 40; i++) {
                \(try #require(Self.dropped[way]))
                }
                return Promise.all(loads).then(() => 'loaded', (error) => String(error));
                """)
            try #require(loaded.string == "loaded", "\(loaded)")
            let left = try await Self.imagesAliveOutOfThePage(f)
            #expect(left <= 10, "\(left) photos out of the page are still alive after 40 were \(way) and dropped")
        }
    }

    /// The `<img>`s still alive after a full collection that are in no document.
    static func imagesAliveOutOfThePage(_ f: F) async throws -> Int {
        try await f.browser.cdp("HeapProfiler.collectGarbage")
        let prototype = try await f.browser.cdp("Runtime.evaluate", ["expression": "HTMLImageElement.prototype", "objectGroup": "leak"])
        let prototypeID = try #require(prototype["result"]?["objectId"]?.string)
        let images = try await f.browser.cdp("Runtime.queryObjects", ["prototypeObjectId": .string(prototypeID), "objectGroup": "leak"])
        let imagesID = try #require(images["objects"]?["objectId"]?.string)
        // The list holds the prototypes too (`HTMLImageElement.prototype` itself), whose
        // `isConnected` throws.
        let counted = try await f.browser.cdp(
            "Runtime.callFunctionOn",
            [
                "objectId": .string(imagesID), "returnByValue": true,
                "functionDeclaration":
                    "function () { return this.filter(function (image) { try { return !image.isConnected; } catch (error) { return false; } }).length; }",
            ])
        // The group holds every image it listed: let it go, or the count would keep them.
        try await f.browser.cdp("Runtime.releaseObjectGroup", ["objectGroup": "leak"])
        return Int(try #require(counted["result"]?["value"]?.double))
    }
}
