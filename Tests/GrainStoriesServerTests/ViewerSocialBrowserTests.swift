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

            // Refused: back to pressed, with the reason.
            pds.inject(.status(400, error: "InvalidRequest", message: "Refused by the test"), on: "com.atproto.repo.deleteRecord")
            try await browser.click(try await browser.element(".viewer-heart"))
            #expect(
                try await browser.waitUntil(
                    """
                    return document.querySelector('.viewer-heart').getAttribute('aria-pressed') === 'true'
                        && document.querySelector('.favorite-status').textContent.includes('Refused by the test');
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
}
