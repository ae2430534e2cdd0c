import ATProto
import ATProtoTestKit
import AppTestKit
import Foundation
import GrainStoriesWeb
import LoggingTestKit
import MicroHTTPServer
import PhotoPipeline
import PhotoTestKit
import Synchronization
import TestKit
import Testing

/// A running server (with a stand-in AppView) and a browser session (headless Chromium,
/// or WebKitGTK under its own Xvfb) looking at it, torn down after each test. Every test also checks, on the way out, that the
/// page logged no errors and loaded nothing from any host but the server.
struct BrowserFixture {
    let appView: StandInAppView
    /// The running server: a new one after `restartServer()`.
    var app: LiveApp { apps.current.withLock { $0 } }
    private let apps: Apps
    let driver: any BrowserDriver
    let browser: WebDriver
    let screen: BrowserScreen

    var engine: BrowserEngine { browser.engine }

    static let maya: DID = "did:plc:hbrpoigf3cbfnobm2o4rak3v"
    static let erin: DID = "did:plc:zrenun7z5jqipq3zxoi7fdhj"
    static let tomas: DID = "did:plc:rjnvgfygwwqc5hyfsxmecosf"
    static let kenji: DID = "did:plc:ogyr5xkxwnrekpk5yroudocu"

    /// How pages name a fixture person in links: by handle (`StoryLinks.actor`).
    static func linked(_ did: DID) -> String {
        let handles: [DID: String] = [
            maya: "mayaokafor.bsky.social", erin: "erin-walks.bsky.social", tomas: "tomasreyes.selfhosted.social", kenji: "kenji.photo",
        ]
        return handles[did] ?? did.rawValue
    }

    static func run(
        _ engine: BrowserEngine = .chromium, reducedMotion: Bool = false, dark: Bool = false, screen: BrowserScreen = .phone,
        photo: RGBImage = TestImages.photoLike(width: 300, height: 400),
        knowsItsAddress: Bool = false, clock: MovableClock? = nil, _ configure: @escaping (inout AppConfiguration) -> Void = { _ in },
        _ body: (BrowserFixture) async throws -> Void
    ) async throws {
        let image = try JPEGEncoder.encode(photo, quality: 85)
        let appView = try StandInAppView(image: image)
        // OAuth needs the server's own address before it starts (`--public-url`).
        // The product's AppView time limit, not LiveApp's 2 s (kept short for tests that
        // make the AppView hang; no browser test does): with a browser rendering on both
        // cores, a story page answered 503 for a slow AppView makes the viewer fall back
        // to loading the whole page, and the test then sees another page than it drove.
        let configureWithTimeLimit: (inout AppConfiguration) -> Void = { configuration in
            configuration.appViewTimeoutSeconds = AppConfiguration().appViewTimeoutSeconds
            configure(&configuration)
        }
        let app =
            knowsItsAddress
            ? try await LiveApp.startAtKnownAddress(appViewURL: appView.baseURL, clock: clock, configureWithTimeLimit)
            : try await LiveApp.start(appViewURL: appView.baseURL, clock: clock, configureWithTimeLimit)
        let driver: any BrowserDriver
        do {
            driver = try await engine.startDriver()
        } catch {
            await app.stop()
            await appView.stop()
            throw error
        }
        let browser: WebDriver
        do {
            browser = try await WebDriver.start(driver, reducedMotion: reducedMotion, dark: dark, screen: screen)
        } catch {
            driver.stop()
            await app.stop()
            await appView.stop()
            throw error
        }
        let fixture = BrowserFixture(appView: appView, apps: Apps(app), driver: driver, browser: browser, screen: screen)
        var failure: (any Error)?
        do {
            try await body(fixture)
            try await fixture.checkCleanPage()
        } catch {
            failure = error
        }
        await browser.quit()
        driver.stop()
        await fixture.app.stop()
        await appView.stop()
        fixture.reportServerTrouble()
        if let failure { throw failure }
    }

    /// Prints what the server logged as wrong while the page was driven: warnings, errors
    /// and answers of 400 or more. A browser test that fails only on a busy machine is
    /// hard to explain from the page alone (a 503 makes the viewer fall back to loading a
    /// whole page); this puts the server's side of it beside the failure in CI's log. It
    /// decides nothing: tests that provoke errors on purpose print them too.
    func reportServerTrouble() {
        let trouble = app.logs.lines.filter { line in
            line.contains(" warning ") || line.contains(" error ") || line.range(of: #" status=[45]\d\d "#, options: .regularExpression) != nil
        }
        guard !trouble.isEmpty else { return }
        print("[\(engine)] the server logged \(trouble.count) problem lines:\n" + trouble.prefix(40).joined(separator: "\n"))
    }

    var base: String { app.baseURL }

    /// Restarts the server (the fixture must know its address, `knowsItsAddress`): it stops,
    /// and a new one starts on the same address over the same data. Between the two the
    /// page's requests are refused, as during a real restart; `between` runs then.
    func restartServer(between: () async throws -> Void = {}) async throws {
        let old = app
        let restarted = try await old.restarted(between: between)
        apps.current.withLock { $0 = restarted }
    }

    /// The server now running, shared by the fixture's copies.
    final class Apps: Sendable {
        let current: Mutex<LiveApp>
        init(_ app: LiveApp) { current = Mutex(app) }
    }

    /// Signs Alice (or `account`) in on `pds` through the sign-in form and waits for the home page.
    func signIn(_ pds: FakePDS) async throws {
        try await Self.signIn(browser, base: base, pds: pds)
    }

    static func signIn(_ browser: WebDriver, base: String, pds: FakePDS, account: FakePDS.Account = .alice) async throws {
        try await browser.navigate(base + "/signin")
        try await browser.sendKeys(try await browser.element("#identifier"), account.handle)
        try await browser.sendKeys(try await browser.element("#password"), account.password)
        try await browser.execute("document.querySelector('details.advanced').open = true")
        try await browser.sendKeys(try await browser.element("#pds"), pds.baseURL)
        try await browser.click(try await browser.element("form.stack-form button[type=submit]"))
        #expect(
            try await browser.waitUntil(
                "return location.pathname === '/' && document.body.textContent.includes(arguments[0])", [.string("@" + account.handle)]))
    }

    func storyURL(_ did: DID, _ rkey: String) -> String { "\(base)/profile/\(Self.linked(did))/story/\(rkey)" }

    /// Opens a story page directly and waits until its timer is running.
    func open(_ did: DID, _ rkey: String, expectRunning: Bool = true) async throws {
        try await browser.navigate(storyURL(did, rkey))
        if expectRunning {
            #expect(try await browser.waitUntil(Self.isRunning), "the story timer never started")
        }
    }

    func path() async throws -> String {
        URL(string: try await browser.currentURL())?.path ?? ""
    }

    /// Waits until the address bar shows `path`.
    func waitForPath(_ path: String, timeout: Duration = .seconds(10)) async throws -> Bool {
        try await browser.waitUntil("return location.pathname === arguments[0]", timeout: timeout, [.string(path)])
    }

    /// The active segment's animation: state, time and duration.
    func timer() async throws -> (state: String, time: Double, duration: Double)? {
        let value = try await browser.execute(
            """
            const fill = document.querySelector('[aria-current="step"] .fill');
            const animation = fill && fill.getAnimations()[0];
            return animation ? [animation.playState, animation.currentTime || 0, animation.effect.getTiming().duration] : null;
            """)
        guard let parts = value.array, parts.count == 3 else { return nil }
        return (parts[0].string ?? "", parts[1].double ?? 0, parts[2].double ?? 0)
    }

    static let isRunning = """
        const fill = document.querySelector('dialog.viewer [aria-current="step"] .fill');
        const animation = fill && fill.getAnimations()[0];
        return !!animation && animation.playState === 'running';
        """

    static let isPaused = """
        const fill = document.querySelector('dialog.viewer [aria-current="step"] .fill');
        const animation = fill && fill.getAnimations()[0];
        return !!animation && animation.playState === 'paused';
        """

    /// Like `isPaused`, and the pause has taken effect. A pause requested by style is
    /// applied at the next frame: until then the animation reports "paused" but is still
    /// `pending`, and its time still moves.
    static let isSettledPaused = """
        const fill = document.querySelector('dialog.viewer [aria-current="step"] .fill');
        const animation = fill && fill.getAnimations()[0];
        return !!animation && animation.playState === 'paused' && !animation.pending;
        """

    /// From now on, the page notes every in-place step of the viewer (it replaces the
    /// address for each) and whether the story timer's bar had ended just before it:
    /// tells a step the timer made from one a tap, key or gesture made. Read by `steps()`.
    func recordSteps() async throws {
        try await browser.execute(
            """
            window.__steps = [];
            let ended = false;
            document.addEventListener('animationend', (event) => { if (event.animationName === 'story-progress') { ended = true; } }, true);
            const replaceState = history.replaceState;
            history.replaceState = function (...args) {
                window.__steps.push({ timerEnded: ended, to: String(args[2]) });
                ended = false;
                return replaceState.apply(this, args);
            };
            """)
    }

    /// The steps noted since `recordSteps()`, in order.
    func steps() async throws -> [(to: String, timerEnded: Bool)] {
        let value = try await browser.execute("return window.__steps")
        let list = try #require(value.array, "the page was replaced since recordSteps(): \(value)")
        return list.map { ($0["to"]?.string ?? "", $0["timerEnded"]?.bool ?? false) }
    }

    /// What the page saw on each of its next `frames` rendered frames: the distinct
    /// states and times of the timer, and the distinct addresses. The page does the
    /// looking, so a slow machine makes this take longer but cannot change the answer.
    /// WebDriver's script timeout (set in `WebDriver.start`) bounds a page that stops
    /// rendering.
    func watch(frames: Int) async throws -> (states: Set<String>, times: Set<Double>, paths: Set<String>) {
        let seen = try await browser.execute(
            """
            return new Promise(resolve => {
                let left = arguments[0];
                const states = new Set(), times = new Set(), paths = new Set();
                const tick = () => {
                    const fill = document.querySelector('dialog.viewer [aria-current="step"] .fill');
                    const animation = fill && fill.getAnimations()[0];
                    states.add(animation ? animation.playState : 'none');
                    times.add(animation ? animation.currentTime || 0 : -1);
                    paths.add(location.pathname);
                    if (--left <= 0) { resolve({ states: [...states], times: [...times], paths: [...paths] }); } else { requestAnimationFrame(tick); }
                };
                requestAnimationFrame(tick);
            });
            """, [.number(Double(frames))])
        let states = try #require(seen["states"]?.array, "nothing seen: \(seen)").compactMap { $0.string }
        let times = try #require(seen["times"]?.array, "nothing seen: \(seen)").compactMap { $0.double }
        let paths = try #require(seen["paths"]?.array, "nothing seen: \(seen)").compactMap { $0.string }
        return (Set(states), Set(times), Set(paths))
    }

    /// No console errors, and every resource came from the server itself.
    func checkCleanPage() async throws {
        let errors = try await browser.consoleEntries().filter { $0.level == "SEVERE" }
        #expect(errors.isEmpty, "console errors: \(errors.map(\.message))")
        let loaded = try await browser.execute(
            """
            return { page: location.host, resources: performance.getEntriesByType('resource').map(e => new URL(e.name).host) };
            """)
        let own = "127.0.0.1:\(app.server.port)"
        #expect(loaded["page"]?.string == own, "the page is not the server's: \(loaded)")
        // Every page loads at least its stylesheet and script; an empty list would make
        // the check below prove nothing.
        let list = loaded["resources"]?.array?.compactMap { $0.string }
        let resources = try #require(list, "no resource list: \(loaded)")
        try #require(!resources.isEmpty, "the page reported no resources, so none could be checked")
        #expect(resources.allSatisfy { $0 == own }, "requests to other hosts: \(Set(resources).subtracting([own]))")
    }
}
