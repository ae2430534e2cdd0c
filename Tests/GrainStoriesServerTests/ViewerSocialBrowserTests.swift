import ATProtoTestKit
import AppTestKit
import Foundation
import HTTPTestKit
import Testing

/// The heart and the comment sheet on a phone, in Chromium and in WebKitGTK: the heart changes at once and
/// goes back with a message when the PDS refuses; the comment sheet opens over the
/// story, holds its timer and lets it go on from where it stopped, and a comment
/// appears at once. The fixture checks for console errors on the way out.
@Suite(.serialized) struct ViewerSocialBrowserTests {
    static let rkey = "3muojebufwseb"

    @Test(arguments: BrowserEngine.allCases) func theHeartTogglesAndRollsBackAndTheCommentSheetHoldsTheTimer(engine: BrowserEngine) async throws {
        let pds = try FakePDS()
        defer { pds.stop() }
        try await BrowserFixture.run(engine, screen: .phone) { fixture in
            let browser = fixture.browser
            try await BrowserFixture.signIn(browser, base: fixture.base, pds: pds)
            try await fixture.open(BrowserFixture.maya, Self.rkey)
            // Paused by hand first, so the story cannot move on (5 s) while the PDS is slow
            // on a busy machine; the sheet's own hold is shown below with this pause lifted.
            try await browser.execute("document.querySelector('.viewer-pause').click()")
            #expect(try await browser.waitUntil(BrowserFixture.isSettledPaused))

            // Optimistic: pressed while the PDS still holds its answer.
            let gate = ScriptedGate()
            pds.inject(.holdAnswer(until: gate), on: "com.atproto.repo.createRecord")
            try await browser.click(try await browser.element(".viewer-heart"))
            #expect(try await browser.execute("return document.querySelector('.viewer-heart').getAttribute('aria-pressed')").string == "true")
            gate.open()
            #expect(await CrashRecoveryTests.waitUntil(timeout: .seconds(10)) { pds.records("social.grain.favorite").count == 1 })
            #expect(try await browser.waitUntil("return !document.querySelector('.viewer-favorite').dataset.busy"))

            // Refused: back to pressed, with the reason in plain words; the PDS's own text
            // ("Refused by the test") is for the details, never the headline.
            pds.inject(.status(400, error: "InvalidRequest", message: "Refused by the test"), on: "com.atproto.repo.deleteRecord")
            try await browser.click(try await browser.element(".viewer-heart"))
            #expect(
                try await browser.waitUntil(
                    """
                    return document.querySelector('.viewer-heart').getAttribute('aria-pressed') === 'true'
                        && document.querySelector('.favorite-status').textContent
                            === "Your like was not removed: your account's server refused it.";
                    """), "rolled back with the message")
            #expect(pds.records("social.grain.favorite").count == 1)

            // The comment sheet holds the timer.
            try await browser.click(try await browser.element(".comment-pill"))
            #expect(try await browser.waitUntil("return !!document.querySelector('.comment-sheet section.comments textarea')"), "the sheet opened")
            // Lift the hand pause: only the sheet holds the timer now.
            try await browser.execute("document.querySelector('.viewer-pause').click()")
            #expect(
                try await browser.waitUntil("return document.querySelector('.viewer-pause').getAttribute('aria-label') === 'Pause'"), "no longer paused by hand"
            )
            #expect(try await browser.waitUntil(BrowserFixture.isSettledPaused), "the timer waits while the comments are open")
            let held = try #require(try await fixture.timer())
            let watched = try await fixture.watch(frames: 10)
            #expect(watched.times.count == 1, "the timer does not move while the sheet is open: \(watched.times)")
            #expect(try await fixture.path() == "/profile/\(BrowserFixture.linked(BrowserFixture.maya))/story/\(Self.rkey)", "still on the story")

            try await browser.sendKeys(try await browser.element(".comment-sheet textarea"), "Hello from the phone")
            try await browser.click(try await browser.element(".comment-sheet .comment-form button[type=submit]"))
            #expect(
                try await browser.waitUntil(
                    """
                    return [...document.querySelectorAll('.comment-sheet .comment-text')].some(p => p.textContent === 'Hello from the phone');
                    """), "the comment appears at once")
            #expect(await CrashRecoveryTests.waitUntil(timeout: .seconds(10)) { pds.records("social.grain.comment").count == 1 })
            #expect(
                try await browser.waitUntil(
                    """
                    return !document.querySelector('.comment-sheet .comment-provisional')
                        && [...document.querySelectorAll('.comment-sheet .comment-text')].filter(p => p.textContent === 'Hello from the phone').length === 1;
                    """), "once, from the server")

            try await browser.click(try await browser.element(".comment-sheet-close"))
            #expect(try await browser.waitUntil(BrowserFixture.isRunning), "the timer goes on once the sheet is closed")
            let resumed = try #require(try await fixture.timer())
            #expect(resumed.time >= held.time, "from where it stopped, not from the start")
            #expect(try await browser.execute("return document.querySelectorAll('.comment-sheet').length").double == 0)
        }
    }

    /// The line under the story (the latest comment, the count) after commenting in the
    /// sheet: while the comment is on its way the sheet's heading counts it with the list
    /// (it read "2 comments" beside three for a second), and once it is sent the line
    /// under the story shows it and "3 comments" (it kept the old comment). On a phone a
    /// long latest comment ends in "…" and the count always shows whole beside it.
    @Test(arguments: BrowserEngine.allCases) func afterCommentingTheLineUnderTheStoryIsCurrentAndShowsItsCountWhole(engine: BrowserEngine) async throws {
        let pds = try FakePDS()
        defer { pds.stop() }
        try await BrowserFixture.run(engine, screen: .phone) { fixture in
            let browser = fixture.browser
            let subject = "at://\(BrowserFixture.maya)/social.grain.story/\(Self.rkey)"
            let bob = FakePDS.Account.bob
            fixture.appView.addComment(
                StandInComment(
                    uri: "at://\(bob.did)/social.grain.comment/3mcomment0001", subject: subject, authorDID: bob.did, handle: bob.handle,
                    text: "First!", createdAt: Date().addingTimeInterval(-900)))
            fixture.appView.addComment(
                StandInComment(
                    uri: "at://\(bob.did)/social.grain.comment/3mcomment0002", subject: subject, authorDID: bob.did, handle: bob.handle,
                    text: "What a wonderful light on the water this evening, I could look at it for hours and hours", createdAt: Date().addingTimeInterval(-600)
                ))
            try await BrowserFixture.signIn(browser, base: fixture.base, pds: pds)
            try await fixture.open(BrowserFixture.maya, Self.rkey)
            try await browser.execute("document.querySelector('.viewer-pause').click()")
            #expect(try await browser.waitUntil(BrowserFixture.isSettledPaused))

            let line = """
                const link = document.querySelector('dialog.viewer .viewer-social .comment-preview');
                const count = link && link.querySelector('.comment-count'), latest = link && link.querySelector('.comment-preview-text');
                if (!count) { return null; }
                const l = link.getBoundingClientRect(), c = count.getBoundingClientRect();
                return { text: link.textContent.replace(/\\s+/g, ' ').trim(), count: count.textContent,
                         countWhole: c.width > 0 && c.left >= l.left - 0.5 && c.right <= l.right + 0.5 && c.right <= innerWidth + 0.5 && count.scrollWidth <= count.clientWidth + 0.5,
                         latestCut: !!latest && (link.querySelector('.comment-preview-latest') || link).scrollWidth > (link.querySelector('.comment-preview-latest') || link).clientWidth };
                """
            let before = try await browser.execute(line)
            #expect(before["count"]?.string == "2 comments", "\(before)")
            #expect(before["latestCut"]?.bool == true, "the long comment must be cut for this test to mean anything: \(before)")
            #expect(before["countWhole"]?.bool == true, "the count is cut off by the long comment: \(before)")

            try await browser.click(try await browser.element(".comment-pill"))
            #expect(try await browser.waitUntil("return !!document.querySelector('.comment-sheet section.comments textarea')"), "the sheet opened")
            // Sent by the form's own button, in the page: what the sheet shows the moment it
            // is pressed is read in the same turn, before any answer can arrive.
            let sending = try await browser.execute(
                """
                const form = document.querySelector('.comment-sheet form.comment-form:not(.comment-reply-form)');
                form.querySelector('textarea').value = 'Hello from the phone';
                form.requestSubmit(form.querySelector('button[type=submit]'));
                return { provisional: !!document.querySelector('.comment-sheet .comment-provisional'),
                         heading: document.querySelector('.comment-sheet .comments-title .comment-count').textContent,
                         listed: document.querySelectorAll('.comment-sheet .comment-list > li').length };
                """)
            #expect(sending["provisional"]?.bool == true && sending["listed"]?.double == 3, "the comment shows at once: \(sending)")
            #expect(sending["heading"]?.string == "3 comments", "the heading counts what the list shows: \(sending)")
            #expect(await CrashRecoveryTests.waitUntil(timeout: .seconds(10)) { pds.records("social.grain.comment").count == 1 })
            #expect(
                try await browser.waitUntil(
                    """
                    return !document.querySelector('.comment-sheet .comment-provisional')
                        && document.querySelector('.comment-sheet .comments-title .comment-count').textContent === '3 comments';
                    """), "the server's answer")
            try await browser.click(try await browser.element(".comment-sheet-close"))
            #expect(
                try await browser.waitUntil(
                    """
                    const link = document.querySelector('dialog.viewer .viewer-social .comment-preview');
                    return !!link && link.textContent.includes('Hello from the phone') && link.querySelector('.comment-count').textContent === '3 comments';
                    """), "the line under the story shows the new comment and the new count")
            let after = try await browser.execute(line)
            #expect(after["countWhole"]?.bool == true, "\(after)")
            #expect(try await fixture.path() == "/profile/\(BrowserFixture.linked(BrowserFixture.maya))/story/\(Self.rkey)", "still on the story")
        }
    }
}
