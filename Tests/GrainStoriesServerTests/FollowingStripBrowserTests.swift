import ATProto
import ATProtoTestKit
import AppTestKit
import Foundation
import GrainStoriesWeb
import MicroHTTPServer
import Testing

/// A signed-in person on a phone who follows two of the four people with stories: the
/// strip shows those two with the switch on "Following"; the viewer, playing in place,
/// goes from one followed person to the next, skipping the rest; "Everyone" shows all
/// four, with the people watched after the others; hiding someone from the viewer's menu
/// takes them out.
@Suite(.serialized) struct FollowingStripBrowserTests {
    typealias F = BrowserFixture

    static let kenji: DID = "did:plc:ogyr5xkxwnrekpk5yroudocu"

    /// The people in the strip, in order, as their links name them: a link opens a
    /// person's story straight away (`/profile/X/story/…`) once the server holds their
    /// stories, or goes through `/stories/X` before; anything else is kept whole so the
    /// comparison fails.
    static func tiles(_ f: F) async throws -> [String] {
        try await f.browser.execute(
            """
            return Array.from(document.querySelectorAll('.strip-list a.strip-link[data-opens-viewer]')).map(a => {
                const href = a.getAttribute('href');
                const person = /^\\/stories\\/([^/]+)$/.exec(href) || /^\\/profile\\/([^/]+)\\/story\\/[^/]+$/.exec(href);
                return person ? '/stories/' + person[1] : href;
            });
            """
        ).array?.compactMap(\.string) ?? []
    }

    @Test(arguments: BrowserEngine.allCases) func followingEveryoneAndHidingOnAPhone(engine: BrowserEngine) async throws {
        let pds = try FakePDS()
        try pds.seedGraph(follows: [F.tomas, F.erin])
        do {
            // Reduced motion: the viewer starts paused, so only the arrow key moves it.
            try await F.run(engine, reducedMotion: true, screen: .phone) { f in
                let browser = f.browser
                try await f.signIn(pds)

                #expect(try await Self.tiles(f) == ["/stories/\(F.linked(F.tomas))", "/stories/\(F.linked(F.erin))"])
                let current = try await browser.execute("return document.querySelector('.strip-switch [aria-current=page]').textContent").string
                #expect(current == "Following")
                #expect(
                    try await browser.execute(
                        "const r = document.querySelector('.strip-switch').getBoundingClientRect(); return r.height > 0 && r.bottom <= innerHeight"
                    ).bool == true, "the switch is on screen")

                // Tomás's stories, then Erin's: Maya, between them for everyone, is not followed.
                try await browser.execute(
                    "document.querySelector('a:is([href=\"/stories/\(F.linked(F.tomas))\"], [href^=\"/profile/\(F.linked(F.tomas))/story/\"])').click()")
                #expect(
                    try await browser.waitUntil(
                        "return location.pathname.startsWith('/profile/\(F.linked(F.tomas))/story/') && !!document.querySelector('dialog.viewer[open]')"))
                // Each → moves one story on (Tomás has two), until someone else's is shown.
                for _ in 0..<3 where try await f.path().hasPrefix("/profile/\(F.linked(F.tomas))/") {
                    let before = try await f.path()
                    try await browser.press(WebDriver.arrowRight)
                    #expect(try await browser.waitUntil("return location.pathname !== arguments[0]", [.string(before)]))
                }
                #expect(try await f.path().hasPrefix("/profile/\(F.linked(F.erin))/story/"), "after Tomás comes Erin")

                // Erin's menu: hide her.
                try await browser.execute("document.querySelector('.viewer-more summary').click()")
                #expect(try await browser.waitUntil("return document.querySelector('.viewer-more').open"))
                try await browser.execute("document.querySelector('.viewer-more button[type=submit]').click()")
                // Hiding lands on the hidden-people page with an Undo; its "Back to stories"
                // returns to the strip, where Erin is gone.
                #expect(try await browser.waitUntil("return location.pathname === '/settings/hidden' && !!document.querySelector('.hidden-undo')"))
                try await browser.execute("Array.from(document.querySelectorAll('a')).find(a => a.textContent === 'Back to stories').click()")
                #expect(try await browser.waitUntil("return location.pathname === '/' && !document.querySelector('dialog.viewer')"))
                #expect(try await Self.tiles(f) == ["/stories/\(F.linked(F.tomas))"])

                try await browser.execute("Array.from(document.querySelectorAll('.strip-switch button')).find(a => a.textContent === 'Everyone').click()")
                #expect(try await browser.waitUntil("return document.querySelector('.strip-switch [aria-current=page]')?.textContent === 'Everyone'"))
                // Everyone but Erin (hidden), Tomás after the others now that he was watched.
                #expect(try await Self.tiles(f) == ["/stories/\(F.linked(Self.kenji))", "/stories/\(F.linked(F.maya))", "/stories/\(F.linked(F.tomas))"])
            }
        } catch {
            pds.stop()
            throw error
        }
        pds.stop()
    }
}
