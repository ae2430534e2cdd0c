import ATProtoTestKit
import AppTestKit
import Foundation
import Testing

/// What is read and how large it is drawn, in Chromium and in WebKitGTK: a profile's
/// counts read as words ("3 galleries", not "3galleries"), a screen reader hears each
/// story once, and on a TV and a 4K screen the viewer's comment line and "Add a
/// comment…" grow with the rest while the comment sheet's heading stays larger than the
/// comments under it.
@Suite(.serialized) struct ReadingAndScaleBrowserTests {
    typealias F = BrowserFixture

    static let rkey = "3muojebufwseb"

    /// The number and its word are drawn apart, by at least a narrow space: a flex box
    /// dropped the space between them, so the page read "3galleries 10followers".
    @Test(arguments: BrowserEngine.allCases) func aProfilesCountsHaveASpaceBetweenTheNumberAndTheWord(engine: BrowserEngine) async throws {
        try await F.run(engine, reducedMotion: true, screen: .phone) { f in
            try await f.browser.navigate("\(f.base)/profile/\(F.linked(F.maya))")
            #expect(try await f.browser.waitUntil("return document.readyState === 'complete'"), "the stylesheet has loaded")
            let counts = try await f.browser.execute(
                """
                return [...document.querySelectorAll('.profile-counts a')].map(link => {
                    const number = link.querySelector('strong'), word = number.nextSibling;
                    const range = document.createRange();
                    range.setStart(word, word.textContent.length - word.textContent.trimStart().length);
                    range.setEnd(word, word.textContent.length);
                    const space = parseFloat(getComputedStyle(link).fontSize) * 0.2;
                    return { text: link.textContent, gap: range.getBoundingClientRect().left - number.getBoundingClientRect().right, space: space };
                });
                """)
            let list = try #require(counts.array)
            #expect(list.count == 3, "Maya's galleries, followers and following: \(counts)")
            for count in list {
                let gap = count["gap"]?.double ?? 0
                let space = count["space"]?.double ?? .infinity
                #expect(gap >= space, "\(engine): \"\(count["text"]?.string ?? "")\" is drawn with \(gap) px between the number and the word")
            }
        }
    }

    /// A step to another story is announced by one live region: the viewer's announcer.
    /// The story's own "Story 2 of 3 · …" line arrived with each story as a live region of
    /// its own, so a screen reader could read the step twice.
    @Test(arguments: BrowserEngine.allCases) func eachStoryIsAnnouncedOnce(engine: BrowserEngine) async throws {
        try await F.run(engine, reducedMotion: true, screen: .phone) { f in
            try await f.open(F.maya, Self.rkey, expectRunning: false)
            try await f.browser.press(WebDriver.arrowRight)
            #expect(try await f.waitForPath("/profile/\(F.linked(F.maya))/story/3muovdv3qvkv2"), "→ moved to her next story")
            #expect(
                try await f.browser.waitUntil(
                    "const status = document.querySelector('#story-status'); return !!status && document.querySelector('dialog.viewer > [aria-live]').textContent === status.textContent"
                ), "the step was announced")
            let regions = try await f.browser.execute(
                """
                const said = document.querySelector('#story-status').textContent.trim();
                const live = [...document.querySelectorAll('[aria-live]:not([aria-live="off"]), [role=status], [role=alert], [role=log]')];
                return live.filter(el => el.textContent.trim() === said).map(el => el.id || el.className || el.tagName);
                """)
            #expect(regions.array?.count == 1, "\(engine): the story is said by more than one live region: \(regions)")
        }
    }

    /// On a TV and a 4K screen "Add a comment…" is as tall as the heart beside it and its
    /// words as large as the page's, the latest comment's too; in the comment sheet the
    /// heading is larger than the comments (it was 16 px over 22 px ones on a TV), and
    /// the small print under each (who, when, the heart and Reply) not much smaller.
    @Test(arguments: BrowserEngine.allCases, [F.Size.tv, .fourK]) func theCommentLineAndSheetScaleOnATVAndA4KScreen(
        engine: BrowserEngine, size: F.Size
    )
        async throws
    {
        let pds = try FakePDS()
        defer { pds.stop() }
        try await F.run(engine, reducedMotion: true, screen: .tv) { f in
            let bob = FakePDS.Account.bob
            f.appView.addComment(
                StandInComment(
                    uri: "at://\(bob.did)/social.grain.comment/3mcomment0001", subject: "at://\(F.maya)/social.grain.story/\(Self.rkey)",
                    authorDID: bob.did, handle: bob.handle, text: "Lovely light", createdAt: Date().addingTimeInterval(-600)))
            try await f.signIn(pds)
            try await f.open(F.maya, Self.rkey, expectRunning: false)
            try await f.emulate(size)
            let bar = try await f.browser.execute(
                """
                const size = (css) => { const el = document.querySelector(css); return { height: el.getBoundingClientRect().height, font: parseFloat(getComputedStyle(el).fontSize) }; };
                return { pill: size('dialog.viewer .comment-pill'), heart: size('dialog.viewer .viewer-heart'), latest: size('dialog.viewer .comment-preview'),
                         page: parseFloat(getComputedStyle(document.querySelector('dialog.viewer')).fontSize) };
                """)
            let pill = bar["pill"]
            let heart = bar["heart"]
            let page = bar["page"]?.double ?? .infinity
            #expect(
                (pill?["height"]?.double ?? 0) >= (heart?["height"]?.double ?? .infinity) - 0.5, "\(engine) \(size): the pill is shorter than the heart: \(bar)"
            )
            #expect((pill?["font"]?.double ?? 0) >= 0.8 * page, "\(engine) \(size): the pill's words are small for the screen: \(bar)")
            #expect((bar["latest"]?["font"]?.double ?? 0) >= 0.8 * page, "\(engine) \(size): the latest comment is small for the screen: \(bar)")

            try await f.browser.execute("document.querySelector('dialog.viewer .comment-pill').click()")
            #expect(try await f.browser.waitUntil("return !!document.querySelector('.comment-sheet .comment-text')"), "the sheet shows Bob's comment")
            let sheet = try await f.browser.execute(
                """
                const font = (css) => parseFloat(getComputedStyle(document.querySelector(css)).fontSize);
                return { heading: font('.comment-sheet .comments-title'), comment: font('.comment-sheet .comment-text'),
                         meta: font('.comment-sheet .comment-meta'), reply: font('.comment-sheet .comment-actions .link-button') };
                """)
            #expect(
                (sheet["heading"]?.double ?? 0) > (sheet["comment"]?.double ?? .infinity),
                "\(engine) \(size): the heading is not larger than the comments: \(sheet)")
            let comment = sheet["comment"]?.double ?? .infinity
            #expect(
                (sheet["meta"]?.double ?? 0) >= 0.8 * comment && (sheet["reply"]?.double ?? 0) >= 0.8 * comment,
                "\(engine) \(size): who and when, the heart and Reply are small beside the comments: \(sheet)")
        }
    }
}
