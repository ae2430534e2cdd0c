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
    }

    /// Opens one of Maya's stories the way `entry` does, and answers the story's path.
    static func open(_ entry: Entry, _ f: F) async throws -> String {
        let browser = f.browser
        let first = "/profile/\(F.linked(F.maya))/story/3muojebufwseb"
        switch entry {
        case .strip, .grid:
            let list = entry == .strip ? ".strip-list" : ".people-grid"
            try await browser.execute(
                "window.notReloaded = true; document.querySelector(arguments[0] + ' a[href=\"/stories/\(F.linked(F.maya))\"]').click()", [.string(list)])
        case .profile:
            try await browser.navigate(f.base + "/profile/\(F.linked(F.maya))")
            try await browser.execute("window.notReloaded = true; document.querySelector('a.profile-story').click()")
        case .archive:
            // An archive tile is a plain link to the story's own page.
            try await browser.navigate(f.base + "/profile/\(F.linked(F.maya))")
            try await browser.execute("document.querySelector('a.archive-tile[href*=\"3muojebufwseb\"]').click()")
            #expect(try await browser.waitUntil("return location.pathname === arguments[0] && document.readyState === 'complete'", [.string(first)]))
            try await browser.execute("window.notReloaded = true")
        case .direct:
            try await browser.navigate(f.base + first)
            try await browser.execute("window.notReloaded = true")
        }
        #expect(
            try await browser.waitUntil(
                "return location.pathname === arguments[0] && !!document.querySelector('dialog.viewer[open] .viewer-stage')", [.string(first)]),
            "\(entry): the viewer did not open on Maya's first story")
        return first
    }

    @Test(arguments: Entry.allCases) func theHeartAndTheCommentSheetWorkInPlace(entry: Entry) async throws {
        let pds = try FakePDS(accounts: entry == .archive ? [Self.mayaAccount] : [Self.account])
        defer { pds.stop() }
        if entry != .archive { try pds.seedGraph(follows: [F.maya, F.erin]) }
        try await F.run(reducedMotion: true, screen: .phone) { f in
            let browser = f.browser
            try await F.signIn(browser, base: f.base, pds: pds, account: entry == .archive ? Self.mayaAccount : Self.account)
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
            try await browser.execute("document.querySelector('.strip-list a[href=\"/stories/\(F.linked(F.maya))\"]').click()")
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
}
