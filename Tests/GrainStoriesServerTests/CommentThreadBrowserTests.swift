import ATProtoTestKit
import AppTestKit
import Foundation
import HTTPTestKit
import Testing

/// Comment threads in the viewer's comment sheet, in Chromium on a phone: a heart on a
/// comment and a reply are sent from the sheet in place, the reply shows under its
/// comment, and typing "@" and the start of a handle offers people to mention, taken with
/// Enter. The fixture checks for console errors on the way out.
@Suite(.serialized) struct CommentThreadBrowserTests {
    static let rkey = "3muojebufwseb"
    static let bobsComment = "at://\(FakePDS.Account.bob.did)/social.grain.comment/3mcomment0001"

    @Test func aHeartAndAReplyWithAChosenMentionAreSentFromTheSheet() async throws {
        let pds = try FakePDS(accounts: [.alice, .bob])
        defer { pds.stop() }
        try await BrowserFixture.run(screen: .phone) { fixture in
            let browser = fixture.browser
            fixture.appView.addComment(
                StandInComment(
                    uri: Self.bobsComment, subject: "at://\(BrowserFixture.maya)/social.grain.story/\(Self.rkey)", authorDID: FakePDS.Account.bob.did,
                    handle: FakePDS.Account.bob.handle, text: "Bob's comment", createdAt: Date().addingTimeInterval(-600)))
            fixture.appView.addActor(did: FakePDS.Account.alice.did, handle: FakePDS.Account.alice.handle, displayName: "Alice")
            fixture.appView.addActor(did: FakePDS.Account.bob.did, handle: FakePDS.Account.bob.handle, displayName: "Bob")
            try await BrowserFixture.signIn(browser, base: fixture.base, pds: pds)
            try await fixture.open(BrowserFixture.maya, Self.rkey)
            try await browser.execute("document.querySelector('.viewer-pause').click()")
            #expect(try await browser.waitUntil(BrowserFixture.isSettledPaused))
            try await browser.click(try await browser.element(".comment-pill"))
            #expect(try await browser.waitUntil("return !!document.querySelector('.comment-sheet .comment-heart')"), "the sheet shows Bob's comment")

            // The heart on the comment.
            try await browser.click(try await browser.element(".comment-sheet .comment-heart"))
            #expect(
                await CrashRecoveryTests.waitUntil(timeout: .seconds(10)) {
                    pds.records("social.grain.favorite", of: FakePDS.Account.alice.did).map { $0.value["subject"]?.stringValue } == [Self.bobsComment]
                })
            #expect(
                try await browser.waitUntil(
                    """
                    const heart = document.querySelector('.comment-sheet .comment-heart');
                    return heart && heart.getAttribute('aria-pressed') === 'true' && heart.textContent.includes('1');
                    """), "pressed, and counted")
            #expect(try await fixture.path() == "/profile/\(BrowserFixture.linked(BrowserFixture.maya))/story/\(Self.rkey)", "still on the story")

            // A reply, with a mention chosen from the suggestions.
            try await browser.click(try await browser.element(".comment-sheet .comment-reply summary"))
            let field = try await browser.element(".comment-sheet .comment-reply-form textarea")
            #expect(
                try await browser.waitUntil(
                    """
                    const f = document.querySelector('.comment-sheet .comment-reply-form textarea');
                    return document.activeElement === f && f.value === '@bob.test ' && f.selectionStart === f.value.length;
                    """), "Reply puts the caret after the handle it starts with")
            try await browser.sendKeys(field, "and @ali")
            #expect(
                try await browser.waitUntil(
                    "return [...document.querySelectorAll('.mention-suggestions [role=option]')].some(o => o.textContent.includes('@alice.test'))"),
                "suggestions appear")
            #expect(
                try await browser.execute("return document.querySelector('.mention-suggestions [aria-selected=true]').dataset.handle").string == "alice.test",
                "the first suggestion is chosen")
            try await browser.press("\u{E007}")
            #expect(
                try await browser.waitUntil(
                    "return document.querySelector('.comment-sheet .comment-reply-form textarea').value === '@bob.test and @alice.test ' && !document.querySelector('.mention-suggestions')"
                ), "Enter takes the suggestion")
            try await browser.sendKeys(field, "look")
            try await browser.click(try await browser.element(".comment-sheet .comment-reply-form button[type=submit]"))
            #expect(
                await CrashRecoveryTests.waitUntil(timeout: .seconds(10)) {
                    pds.records("social.grain.comment", of: FakePDS.Account.alice.did).first?.value["replyTo"]?.stringValue == Self.bobsComment
                })
            let reply = try #require(pds.records("social.grain.comment", of: FakePDS.Account.alice.did).first)
            #expect(reply.value["text"]?.stringValue == "@bob.test and @alice.test look")
            #expect(reply.value["facets"]?.arrayValue?.count == 2, "both mentions resolve")
            #expect(
                try await browser.waitUntil(
                    "return [...document.querySelectorAll('.comment-sheet .comment-replies .comment-text')].some(p => p.textContent === '@bob.test and @alice.test look')"
                ), "the reply shows under Bob's comment in the sheet")
            #expect(try await fixture.path() == "/profile/\(BrowserFixture.linked(BrowserFixture.maya))/story/\(Self.rkey)", "still on the story")

            // The comments page (the way without the sheet) offers the same suggestions.
            try await browser.navigate(fixture.storyURL(BrowserFixture.maya, Self.rkey) + "/comments")
            let composer = try await browser.element("#comment-text")
            try await browser.click(composer)
            try await browser.sendKeys(composer, "Hi @bo")
            #expect(
                try await browser.waitUntil(
                    """
                    const f = document.querySelector('#comment-text');
                    const list = document.getElementById(f.getAttribute('aria-controls') || '');
                    return !!list && f.getAttribute('aria-expanded') === 'true' && list.textContent.includes('@bob.test');
                    """), "suggestions on the comments page too")
            try await browser.press(WebDriver.escape)
            #expect(
                try await browser.waitUntil(
                    "return !document.querySelector('.mention-suggestions') && document.querySelector('#comment-text').value === 'Hi @bo'"),
                "Escape closes them and keeps the text")
        }
    }
}
