import ATProto
import ATProtoTestKit
import AppTestKit
import Foundation
import Testing

/// The same viewer on every way into it (issue 23): opened from the strip, the grid, a
/// profile, the archive or a direct link, the heart changes in place and the comment
/// sheet opens over the story, with no page load (a marker set on `window` survives);
/// the share control and the menu are there too. From a profile only that person plays,
/// then the viewer closes back to the profile; from the strip it goes on to the next
/// person. Reduced motion: the viewer starts paused, so nothing moves on by itself.
@Suite(.serialized) struct ViewerEntryBrowserTests {
    typealias F = BrowserFixture

    /// Maya on a PDS of her own, to open her archive (only its owner sees it).
    static let mayaAccount = FakePDS.Account(handle: "maya.test", did: F.maya.rawValue, password: "maya-app-password")
    /// The person signed in on the other paths: an account of this suite's own, as the
    /// identity directory every test shares says where each account lives, and another
    /// suite's PDS for Alice, started at the same time, would take her over.
    static let account = FakePDS.Account(handle: "entry.test", did: "did:plc:entry2222222222222222222", password: "entry-app-password")

    enum Entry: String, CaseIterable, Sendable {
        case strip, grid, profile, archive, direct
        /// "View your story" in the own tile's menu, on the home page.
        case own

        /// Maya's own story (her archive, her tile's menu): she is the one signed in.
        var isOwn: Bool { self == .archive || self == .own }
    }

    /// Opens one of Maya's stories the way `entry` does, and answers the story's path. With
    /// `size`, each page loaded on the way is shown at that size (emulated after it loads:
    /// chromedriver puts its own phone back on every navigation).
    static func open(_ entry: Entry, _ f: F, size: F.Size? = nil) async throws -> String {
        let browser = f.browser
        let first = "/profile/\(F.linked(F.maya))/story/3muojebufwseb"
        let navigate = { (path: String) in
            try await browser.navigate(f.base + path)
            if let size { try await f.emulate(size) }
        }
        switch entry {
        case .strip, .grid:
            let list = entry == .strip ? ".strip-list" : ".people-grid"
            try await browser.execute(
                "window.notReloaded = true; document.querySelector(arguments[0] + ' a:is([href=\"/stories/\(F.linked(F.maya))\"], [href^=\"/profile/\(F.linked(F.maya))/story/\"])').click()",
                [.string(list)])
        case .own:
            // Tapped as a finger does, where the tile and then the menu's link are drawn.
            if try await browser.execute("return document.querySelector('.own-menu').open").bool != true {
                try await tap(".own-menu > summary", f)
                #expect(try await browser.waitUntil("return document.querySelector('.own-menu').open"), "the own tile's menu did not open")
            }
            try await browser.execute("window.notReloaded = true")
            try await tap(".own-menu a[data-opens-viewer]", f)
        case .profile:
            try await navigate("/profile/\(F.linked(F.maya))")
            try await browser.execute("window.notReloaded = true; document.querySelector('a.profile-story').click()")
        case .archive:
            // An archive tile is a plain link to the story's own page.
            try await navigate("/profile/\(F.linked(F.maya))")
            try await browser.execute("document.querySelector('a.archive-tile[href*=\"3muojebufwseb\"]').click()")
            #expect(try await browser.waitUntil("return location.pathname === arguments[0] && document.readyState === 'complete'", [.string(first)]))
            if let size { try await f.emulate(size) }
            try await browser.execute("window.notReloaded = true")
        case .direct:
            try await navigate(first)
            try await browser.execute("window.notReloaded = true")
        }
        #expect(
            try await browser.waitUntil(
                "return location.pathname === arguments[0] && !!document.querySelector('dialog.viewer[open] .viewer-stage')", [.string(first)]),
            "\(entry): the viewer did not open on Maya's first story")
        return first
    }

    /// Taps the middle of the first element `css` names, where it is on the screen.
    static func tap(_ css: String, _ f: F) async throws {
        let point = try await f.browser.execute(
            "const r = document.querySelector(arguments[0]).getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2];", [.string(css)])
        let xy = point.array?.compactMap(\.double) ?? []
        try #require(xy.count == 2, "no \(css): \(point)")
        try await f.browser.tap(x: xy[0], y: xy[1])
    }

    @Test(arguments: Entry.allCases) func theHeartAndTheCommentSheetWorkInPlace(entry: Entry) async throws {
        let pds = try FakePDS(accounts: entry.isOwn ? [Self.mayaAccount] : [Self.account])
        defer { pds.stop() }
        if !entry.isOwn { try pds.seedGraph(follows: [F.maya, F.erin]) }
        try await F.run(reducedMotion: true, screen: .phone) { f in
            let browser = f.browser
            try await F.signIn(browser, base: f.base, pds: pds, account: entry.isOwn ? Self.mayaAccount : Self.account)
            let story = try await Self.open(entry, f)
            #expect(
                try await browser.execute(
                    // Her own story (the archive) has Delete where others' have the menu.
                    "return ['.viewer-share summary', '.viewer-more summary, .viewer-delete', '.comment-pill'].map(s => !!document.querySelector('dialog.viewer').querySelector(s))"
                ).array?.compactMap(\.bool) == [true, true, true], "\(entry): share, menu and comments are there")

            try await browser.execute("document.querySelector('dialog.viewer .viewer-heart').click()")
            #expect(try await browser.waitUntil("return document.querySelector('dialog.viewer .viewer-heart').getAttribute('aria-pressed') === 'true'"))
            #expect(
                await CrashRecoveryTests.waitUntil(timeout: .seconds(10)) { pds.records("social.grain.favorite").count == 1 }, "\(entry): the like was written")
            #expect(try await browser.waitUntil("return !document.querySelector('.viewer-favorite').dataset.busy"))
            #expect(try await browser.execute("return window.notReloaded === true && location.pathname").string == story, "\(entry): the heart loaded a page")

            try await browser.execute("document.querySelector('dialog.viewer .comment-pill').click()")
            #expect(
                try await browser.waitUntil("return !!document.querySelector('dialog.viewer .comment-sheet section.comments textarea')"),
                "\(entry): the comment sheet did not open over the story")
            #expect(
                try await browser.execute("return window.notReloaded === true && location.pathname").string == story, "\(entry): the comments left the viewer")
        }
    }

    /// From a profile only that person plays (Grain's `singleAuthor`), and after her last
    /// story the viewer closes back to her profile; from the strip the same step goes on
    /// to the next person.
    @Test func fromAProfileOnlyThatPersonPlaysThenItClosesToTheProfileFromTheStripItGoesOn() async throws {
        try await F.run(reducedMotion: true, screen: .phone) { f in
            let browser = f.browser
            let walkMaya = {
                #expect(try await f.waitForPath("/profile/\(F.linked(F.maya))/story/3muojebufwseb"))
                for rkey in ["3muovdv3qvkv2", "3mupadw3kg264"] {
                    try await browser.press(WebDriver.arrowRight)
                    #expect(try await f.waitForPath("/profile/\(F.linked(F.maya))/story/\(rkey)"))
                }
                try await browser.press(WebDriver.arrowRight)
            }
            // From the strip, after her last story comes the next person's first.
            try await browser.navigate(f.base + "/")
            try await browser.execute(
                "document.querySelector('.strip-list a:is([href=\"/stories/\(F.linked(F.maya))\"], [href^=\"/profile/\(F.linked(F.maya))/story/\"])').click()")
            try await walkMaya()
            #expect(
                try await browser.waitUntil(
                    "return /^\\/profile\\/[^/]+\\/story\\//.test(location.pathname) && !location.pathname.startsWith(arguments[0])",
                    [.string("/profile/\(F.linked(F.maya))/")]), "from the strip the next person follows")

            // From her profile, after her last story the viewer closes back to the profile.
            let profile = "/profile/\(F.linked(F.maya))"
            try await browser.navigate(f.base + profile)
            try await browser.execute("window.notReloaded = true; document.querySelector('a.avatar-ring[data-opens-viewer]').click()")
            try await walkMaya()
            #expect(try await f.waitForPath(profile), "after her last story the viewer closes back to her profile")
            #expect(try await browser.waitUntil("return document.querySelector('dialog.viewer') === null"))
            #expect(try await browser.execute("return window.notReloaded === true").bool == true, "the profile was reloaded")
        }
    }

    /// Sixteen more people with a story, followed by whoever is signed in on `pds`: a strip
    /// wider than a phone, a tablet and a laptop.
    static func widenTheStrip(_ f: F, _ pds: FakePDS) throws {
        let letters = Array("abcdefghijklmnop")
        let people = letters.map { letter in
            StandInAppView.PostedAuthor(
                did: "did:plc:" + String(repeating: letter, count: 24), handle: "\(letter)-wide.test", displayName: "Person \(letter.uppercased())")
        }
        for person in people { f.appView.post(person) }
        try pds.seedGraph(follows: [F.maya, F.erin] + people.map { DID($0.did)! })
    }

    /// JavaScript after `boxHelpers` and `photoHelpers`: how the page and the viewer sit on
    /// a screen of `arguments[0]` × `arguments[1]` CSS px.
    static let fit =
        F.boxHelpers + F.photoHelpers + """
            const screen = { x: 0, y: 0, width: arguments[0], height: arguments[1] };
            const close = document.querySelector('dialog.viewer[open] .viewer-close');
            return { inner: [innerWidth, innerHeight], pageWidth: document.documentElement.scrollWidth,
                     photo: photoBox(), close: close ? box(close) : null,
                     photoOnScreen: inside(photoBox(), screen), closeOnScreen: !!close && inside(box(close), screen),
                     menuOpen: !!document.querySelector('.own-menu[open]') };
            """

    /// Phones and tablets lay a page out as phones do: in Chromium's mobile emulation
    /// (a mobile viewport, touch, a dense display) a page wider than the screen makes the
    /// browser widen its layout viewport to fit it, and a viewer opened over it is laid out
    /// at that width, its photo and ✕ off the screen. From every way into the viewer, with a
    /// strip wider than the screen, the page stays exactly as wide as the screen and the
    /// viewer's photo and close button are on it; the own tile's menu, open, leaves the
    /// page as wide as the screen, and is closed once the viewer is open.
    @Test(arguments: [F.Size.phone, .portraitTablet], Entry.allCases)
    func theViewerIsOnTheScreenFromEveryEntryOnPhonesAndTablets(size: F.Size, entry: Entry) async throws {
        let pds = try FakePDS(accounts: entry.isOwn ? [Self.mayaAccount] : [Self.account])
        defer { pds.stop() }
        try await F.run(reducedMotion: true, screen: .phone) { f in
            let browser = f.browser
            try Self.widenTheStrip(f, pds)
            try await F.signIn(browser, base: f.base, pds: pds, account: entry.isOwn ? Self.mayaAccount : Self.account)
            try await f.emulate(size)
            let strip = try await browser.execute(
                "const list = document.querySelector('.strip-list'); return list.scrollWidth > list.clientWidth && list.clientWidth >= innerWidth - 1")
            try #require(strip.bool == true, "the strip must be wider than the \(size) screen for this test to mean anything")
            if entry == .own {
                try await Self.tap(".own-menu > summary", f)
                #expect(try await browser.waitUntil("return document.querySelector('.own-menu').open"), "the own tile's menu did not open")
                let menu = try await browser.execute(
                    F.boxHelpers + """
                        const link = document.querySelector('.own-menu a[data-opens-viewer]'), r = box(link);
                        return { inner: innerWidth, pageWidth: document.documentElement.scrollWidth, onScreen: inside(r, screenBox),
                                 drawn: link.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)) };
                        """)
                #expect(menu["inner"]?.double == Double(size.width), "\(size): the open menu widened the layout viewport: \(menu)")
                #expect((menu["pageWidth"]?.double ?? .infinity) <= Double(size.width), "\(size): the open menu made the page wider: \(menu)")
                #expect(menu["onScreen"]?.bool == true && menu["drawn"]?.bool == true, "\(size): View your story is not shown whole: \(menu)")
            }
            _ = try await Self.open(entry, f, size: size)
            try await f.waitForPhoto()
            let fit = try await browser.execute(Self.fit, [.number(Double(size.width)), .number(Double(size.height))])
            #expect(
                fit["inner"]?.array?.compactMap(\.double) == [Double(size.width), Double(size.height)],
                "\(entry) on a \(size): the layout viewport is not the screen: \(fit)")
            #expect((fit["pageWidth"]?.double ?? .infinity) <= Double(size.width), "\(entry) on a \(size): the page is wider than the screen: \(fit)")
            #expect(fit["photoOnScreen"]?.bool == true, "\(entry) on a \(size): the photo is not on the screen: \(fit)")
            #expect(fit["closeOnScreen"]?.bool == true, "\(entry) on a \(size): the close button is not on the screen: \(fit)")
            #expect(fit["menuOpen"]?.bool == false, "\(entry) on a \(size): the own tile's menu stayed open behind the viewer")
        }
    }

    /// The same menu with a mouse, in both engines (WebKitGTK has no mobile viewport, so
    /// there a page made wider scrolls sideways): open, it leaves the page as wide as the
    /// window and shows "View your story" whole; the viewer it opens fills the window, and
    /// closing it puts focus back on the tile.
    @Test(arguments: BrowserEngine.allCases) func theOwnTilesMenuNeverWidensThePage(engine: BrowserEngine) async throws {
        let pds = try FakePDS(accounts: [Self.mayaAccount])
        defer { pds.stop() }
        try await F.run(engine, reducedMotion: true, screen: .desktop) { f in
            let browser = f.browser
            try Self.widenTheStrip(f, pds)
            try await F.signIn(browser, base: f.base, pds: pds, account: Self.mayaAccount)
            try await f.emulate(.laptop)
            let strip = try await browser.execute("const list = document.querySelector('.strip-list'); return list.scrollWidth > list.clientWidth")
            try #require(strip.bool == true, "the strip must be wider than the window for this test to mean anything")
            try await browser.click(try await browser.element(".own-menu > summary"))
            #expect(try await browser.waitUntil("return document.querySelector('.own-menu').open"))
            let menu = try await browser.execute(
                F.boxHelpers + """
                    const link = document.querySelector('.own-menu a[data-opens-viewer]'), r = box(link);
                    return { pageWidth: document.documentElement.scrollWidth, width: innerWidth, onScreen: inside(r, screenBox),
                             drawn: link.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)) };
                    """)
            #expect((menu["pageWidth"]?.double ?? .infinity) <= (menu["width"]?.double ?? 0), "the open menu made the page wider: \(menu)")
            #expect(menu["onScreen"]?.bool == true && menu["drawn"]?.bool == true, "View your story is not shown whole: \(menu)")
            try await browser.click(try await browser.element(".own-menu a[data-opens-viewer]"))
            #expect(try await browser.waitUntil("return !!document.querySelector('dialog.viewer[open] .viewer-stage')"), "the viewer did not open")
            try await f.waitForPhoto()
            let size = F.Size.laptop
            let fit = try await browser.execute(Self.fit, [.number(Double(size.width)), .number(Double(size.height))])
            #expect(fit["photoOnScreen"]?.bool == true && fit["closeOnScreen"]?.bool == true, "\(fit)")
            #expect(fit["menuOpen"]?.bool == false, "the menu stayed open behind the viewer")
            try await browser.press(WebDriver.escape)
            #expect(
                try await browser.waitUntil(
                    "return !document.querySelector('dialog.viewer') && document.activeElement === document.querySelector('.own-menu > summary')"),
                "closing the viewer puts focus back on the own tile")
        }
    }
}
