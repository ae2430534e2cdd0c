import ATProto
import ATProtoTestKit
import AppTestKit
import FeatureTestKit
import Foundation
import MicroHTTPServer
import TestKit
import Testing
import Viewing

@testable import Accounts
@testable import GrainStoriesWeb
@testable import Posting
@testable import Social

/// The comments page and the viewer's comment preview: every state, paging, a new
/// comment shown at once and once, deleting only one's own, hostile text.
@Suite struct CommentPageTests {
    typealias H = SocialHarness

    private func commentForm(_ html: String) -> String {
        guard let start = html.range(of: "<form class=\"comment-form\""),
            let end = html[start.upperBound...].range(of: "</form>")
        else { return "" }
        return String(html[start.lowerBound..<end.upperBound])
    }

    @Test func signedOutTheViewerShowsTheCountAndLatestAndThePageOffersSignIn() async throws {
        let h = try await SocialHarness()
        h.addComment("First!", rkey: "3mcomment0001", minutesAgo: 50, displayName: "Bob B")
        h.addComment("Lovely light", rkey: "3mcomment0002", minutesAgo: 5, displayName: "Bob B")
        let viewer = await h.app.respond(H.storyPath).text
        let page = await h.app.respond(H.commentsPath)
        await h.stop()
        #expect(viewer.contains("<span class=\"comment-count\">2 comments</span>"))
        #expect(viewer.contains("<span class=\"comment-preview-text\">Lovely light</span>"), "the latest comment")
        #expect(viewer.contains("href=\"\(H.commentsPath)\">Add a comment…</a>"))
        #expect(page.status == .ok)
        let html = page.text
        #expect(HTMLInspection.count("<li class=\"comment\">", in: html) == 2)
        let first = try #require(html.range(of: "First!"))
        let second = try #require(html.range(of: "Lovely light"))
        #expect(first.lowerBound < second.lowerBound, "oldest first")
        #expect(html.contains(">50m</time>"))
        #expect(html.contains("<a class=\"comment-author\" href=\"/profile/\(FakePDS.Account.bob.handle)\">Bob B</a>"))
        #expect(html.contains("<span class=\"avatar avatar-initial\" aria-hidden=\"true\">B</span>"))
        #expect(html.contains("Sign in to comment"))
        #expect(!html.contains("class=\"comment-form\""))
        #expect(!html.contains("comment-delete"))
    }

    /// Alice blocks Bob (a `social.grain.graph.block` record in her repository): his
    /// comments are left out of the comments page and the viewer's latest comment for
    /// her, and shown to everyone else as before.
    @Test func commentsByPeopleTheSignedInPersonBlocksAreNotShown() async throws {
        let carol = FakePDS.Account(handle: "carol.test", did: "did:plc:carolcarolcarolcarolcaro", password: "unused")
        let h = try await SocialHarness()
        try h.pds.seedGraph(blocks: [DID(FakePDS.Account.bob.did)!])
        h.addComment("Carol's kind words", by: carol, rkey: "3mcomment0001", minutesAgo: 20, displayName: "Carol C")
        h.addComment("Bob's blocked words", rkey: "3mcomment0002", minutesAgo: 5, displayName: "Bob B")
        let visitorPage = await h.app.respond(H.commentsPath).text
        let visitorViewer = await h.app.respond(H.storyPath).text
        let alice = try await h.signIn()
        let alicePage = await alice.get(H.commentsPath).text
        let aliceViewer = await alice.get(H.storyPath).text
        await h.stop()
        #expect(visitorPage.contains("Bob&#39;s blocked words") || visitorPage.contains("Bob’s blocked words") || visitorPage.contains("Bob's blocked words"))
        #expect(HTMLInspection.count("<li class=\"comment\">", in: visitorPage) == 2)
        #expect(visitorViewer.contains("blocked words"), "a visitor's latest comment is Bob's")
        #expect(HTMLInspection.count("<li class=\"comment\">", in: alicePage) == 1)
        #expect(alicePage.contains("kind words"))
        #expect(!alicePage.contains("blocked words"), "Alice blocks Bob")
        #expect(!aliceViewer.contains("blocked words"))
        #expect(aliceViewer.contains("kind words"), "her latest comment is the latest she may see")
        // Counted as shown: his comment is not counted for her.
        #expect(visitorPage.contains("2 comments") && visitorViewer.contains("2 comments"))
        #expect(alicePage.contains("<span class=\"comment-count\" data-count=\"1\">1 comment</span>"), "not \"2 comments\" with one shown")
        #expect(aliceViewer.contains("<span class=\"comment-count\">1 comment</span>"))
    }

    /// The count leaves out a blocked person's comments over the whole thread, not only
    /// those on the page shown: 130 comments (two of Grain's pages of 100), 30 of them by
    /// Bob, whom Alice blocks, most of them past the first page of 20 she is shown.
    @Test func theCountLeavesOutABlockedPersonsCommentsOnEveryPage() async throws {
        let carol = FakePDS.Account(handle: "carol.test", did: "did:plc:carolcarolcarolcarolcaro", password: "unused")
        let h = try await SocialHarness()
        try h.pds.seedGraph(blocks: [DID(FakePDS.Account.bob.did)!])
        for index in 0..<130 {
            h.addComment("comment number \(index)!", by: index % 13 < 3 ? .bob : carol, rkey: "3mlong\(1000 + index)", minutesAgo: Double(200 - index))
        }
        let alice = try await h.signIn()
        let page = await alice.get(H.commentsPath).text
        let viewer = await alice.get(H.storyPath).text
        let visitor = await h.app.respond(H.commentsPath).text
        await h.stop()
        #expect(visitor.contains("130 comments"))
        #expect(page.contains("100 comments"), "130 less Bob's 30")
        #expect(viewer.contains("100 comments"))
        #expect(HTMLInspection.count("<li class=\"comment\">", in: page) == 20 - 6, "the page of 20 without his 6")
    }

    @Test func noCommentsSaysSo() async throws {
        let h = try await SocialHarness()
        let viewer = await h.app.respond(H.storyPath).text
        let page = await h.app.respond(H.commentsPath).text
        await h.stop()
        #expect(!viewer.contains("0 comments"), "no count under a story without comments, as Grain shows it")
        #expect(!viewer.contains("comment-preview-text"))
        #expect(page.contains("No comments yet."))
    }

    @Test func manyCommentsArePagedOldestFirstWithTheCursor() async throws {
        let h = try await SocialHarness()
        for index in 0..<45 { h.addComment("comment number \(index)!", rkey: "3mpage\(1000 + index)", minutesAgo: Double(100 - index)) }
        let first = await h.app.respond(H.commentsPath).text
        #expect(HTMLInspection.count("<li class=\"comment\">", in: first) == 20)
        #expect(first.contains("comment number 0!") && first.contains("comment number 19!") && !first.contains("comment number 20!"))
        #expect(first.contains("45 comments"))
        let next = try #require(HTMLInspection.attributeValues("href", in: first) { $0.contains("comments-more") }.first)
        let second = await h.app.respond(HTMLInspection.unescape(next)).text
        #expect(second.contains("comment number 20!") && second.contains("comment number 39!") && !second.contains("comment number 19!"))
        let last = try #require(HTMLInspection.attributeValues("href", in: second) { $0.contains("comments-more") }.first)
        let third = await h.app.respond(HTMLInspection.unescape(last)).text
        #expect(HTMLInspection.count("<li class=\"comment\">", in: third) == 5)
        #expect(!third.contains("comments-more"), "the last page")
        #expect(third.contains("First comments"))
        let viewer = await h.app.respond(H.storyPath).text
        #expect(viewer.contains("45 comments"))
        #expect(viewer.contains("comment number 44!"), "the latest of all of them")
        let bad = await h.app.respond(H.commentsPath + "?cursor=nonsense")
        #expect(bad.status == .ok, "a cursor Grain refuses still gives a page")
        #expect(bad.text.contains("Grain could not be reached"))
        await h.stop()
    }

    /// Grain's thread is oldest first: the viewer reads it to its end for the latest
    /// comment (here 130, two pages of 100), and the count is the whole thread's.
    @Test func theViewersLatestCommentIsTheLatestOfALongThread() async throws {
        let h = try await SocialHarness()
        for index in 0..<130 { h.addComment("comment number \(index)!", rkey: "3mlong\(1000 + index)", minutesAgo: Double(200 - index)) }
        let viewer = await h.app.respond(H.storyPath).text
        await h.stop()
        #expect(viewer.contains("130 comments"))
        #expect(viewer.contains("<span class=\"comment-preview-text\">comment number 129!</span>"))
    }

    /// Written here, the comment is there at once (before Grain indexed it) and only
    /// once after; the record in the repository is the lexicon's.
    @Test func aNewCommentShowsAtOnceAndOnceAfterTheAppViewHasIt() async throws {
        let h = try await SocialHarness()
        h.addComment("Earlier", rkey: "3mcomment0001", minutesAgo: 30)
        let alice = try await h.signIn()
        let form = commentForm(await alice.get(H.commentsPath).text)
        let token = try #require(CookieJar.csrfToken(in: form))
        let sent = await alice.post(H.commentsPath, form: [("csrf", token), ("text", "So good\r\nsecond line")])
        #expect(sent.status == .seeOther)
        #expect(sent.headers["Location"] == H.commentsPath + "#comments-end")
        let records = h.pds.records("social.grain.comment", of: FakePDS.Account.alice.did)
        #expect(records.count == 1)
        #expect(records.first?.value["text"]?.stringValue == "So good\nsecond line")
        #expect(records.first?.value["subject"]?.stringValue == H.storyURI)
        #expect(records.first?.value["createdAt"]?.stringValue?.hasSuffix("Z") == true)

        let before = await alice.get(H.commentsPath).text
        #expect(HTMLInspection.count("So good", in: before) == 1)
        #expect(before.contains("2 comments"))
        let earlier = try #require(before.range(of: "Earlier"))
        let mine = try #require(before.range(of: "So good"))
        #expect(earlier.lowerBound < mine.lowerBound, "the new one is last")
        #expect(before.contains("comment-delete"), "one's own can be deleted")
        #expect(await h.app.respond(H.storyPath).text.contains("So good"), "the viewer's latest, for anyone")

        h.appView.indexComments(from: h.pds, accounts: [.alice, .bob])
        let after = await alice.get(H.commentsPath).text
        #expect(HTMLInspection.count("So good", in: after) == 1, "the AppView's copy replaces the local one")
        #expect(after.contains("2 comments"))
        await h.stop()
    }

    @Test func aCommentIsCountedInGraphemesAsTheLexiconDoesAndTooLongKeepsItsText() async throws {
        let h = try await SocialHarness()
        let alice = try await h.signIn()
        let token = try #require(CookieJar.csrfToken(in: commentForm(await alice.get(H.commentsPath).text)))
        // "e" + COMBINING ACUTE: one grapheme, two scalars, three bytes.
        let fits = String(repeating: "e\u{301}", count: 300)
        let accepted = await alice.post(H.commentsPath, form: [("csrf", token), ("text", fits)])
        #expect(accepted.status == .seeOther, "300 graphemes (600 scalars, 900 bytes) fit")
        let tooMany = String(repeating: "e\u{301}", count: 301)
        let refused = await alice.post(H.commentsPath, form: [("csrf", token), ("text", tooMany)])
        #expect(refused.status == .unprocessableContent)
        #expect(refused.text.contains("at most 300 characters; this one has 301"))
        #expect(refused.text.contains(">\(tooMany)</textarea>"), "the text stays in the form")
        // 150 family emoji: 150 graphemes but 3,750 bytes, over maxLength 3000.
        let heavy = String(repeating: "👩‍👩‍👧‍👦", count: 150)
        let tooLong = await alice.post(H.commentsPath, form: [("csrf", token), ("text", heavy)])
        #expect(tooLong.status == .unprocessableContent)
        #expect(tooLong.text.contains("too long"))
        let blank = await alice.post(H.commentsPath, form: [("csrf", token), ("text", "  \n ")])
        #expect(blank.status == .unprocessableContent)
        #expect(h.pds.records("social.grain.comment", of: FakePDS.Account.alice.did).count == 1, "only the one that fits")
        await h.stop()
    }

    @Test func aCommentThePDSRefusesKeepsItsTextWithTheReason() async throws {
        let h = try await SocialHarness()
        let alice = try await h.signIn()
        let token = try #require(CookieJar.csrfToken(in: commentForm(await alice.get(H.commentsPath).text)))
        h.pds.inject(.status(400, error: "InvalidRequest", message: "Invalid app.bsky.richtext.facet"), on: "com.atproto.repo.createRecord")
        let refused = await alice.post(H.commentsPath, form: [("csrf", token), ("text", "Keep <this> & that")])
        #expect(refused.status == .unprocessableContent)
        #expect(refused.text.contains("role=\"alert\">Your comment was not sent: your account&#39;s server refused it.</p>"), "plain words first")
        #expect(
            refused.text.contains("<summary>Details</summary><p>HTTP 400 InvalidRequest: Invalid app.bsky.richtext.facet</p>"),
            "the PDS's reason behind Details")
        #expect(refused.text.contains(">Keep &lt;this&gt; &amp; that</textarea>"))
        #expect(!(await alice.get(H.commentsPath).text.contains("Keep &lt;this")), "not listed as a comment")
        await h.stop()
    }

    /// The outbox really produces `.signedOut` when the PDS has ended the session (the
    /// refresh is refused): the person reads that, not the PDS's error text.
    @Test func aCommentWhoseSignInEndedSaysSoInPlainWords() async throws {
        let h = try await SocialHarness()
        let alice = try await h.signIn()
        let token = try #require(CookieJar.csrfToken(in: commentForm(await alice.get(H.commentsPath).text)))
        h.pds.revokeSessions()
        h.pds.expireAccessTokens()
        let ended = await alice.post(H.commentsPath, form: [("csrf", token), ("text", "Still mine")])
        #expect(ended.status == .unprocessableContent)
        #expect(ended.text.contains("role=\"alert\">Your comment was not sent: your sign-in has ended. Sign in again, then try once more.</p>"))
        #expect(ended.text.contains(">Still mine</textarea>"), "what was typed is kept")
        #expect(!ended.text.contains("ExpiredToken") && !ended.text.contains("HTTP 4"))
        await h.stop()
    }

    @Test func aCommentThePDSCannotTakeNowIsShownWithItsStateAndSentLater() async throws {
        let h = try await SocialHarness()
        let alice = try await h.signIn()
        let token = try #require(CookieJar.csrfToken(in: commentForm(await alice.get(H.commentsPath).text)))
        h.pds.inject(.internalServerError, on: "com.atproto.repo.createRecord", .always)
        let sent = await alice.post(H.commentsPath, form: [("csrf", token), ("text", "Wait for it")])
        #expect(sent.status == .seeOther)
        let page = await alice.get(H.commentsPath).text
        #expect(page.contains("Wait for it"))
        #expect(page.contains("<span class=\"comment-state\">Not sent yet: will retry.</span>"))
        h.pds.clearFaults()
        h.clock.advance(600)
        await h.app.socialOutbox.runDue()
        #expect(h.pds.records("social.grain.comment", of: FakePDS.Account.alice.did).count == 1)
        #expect(!(await alice.get(H.commentsPath).text.contains("comment-state")), "sent")
        await h.stop()
    }

    @Test func deletingRemovesOnlyTheOwnCommentAndAForgedKeyNeverReachesAnotherRepository() async throws {
        let h = try await SocialHarness()
        let bobs = try h.pds.seedRecord(
            ["text": "Bob's", "subject": .string(H.storyURI), "createdAt": "2026-09-04T17:00:00.000Z"],
            collection: "social.grain.comment", rkey: "3mbobcomment1", account: "bob.test")
        h.appView.indexComments(from: h.pds, accounts: [.bob])
        let alice = try await h.signIn()
        let page = await alice.get(H.commentsPath).text
        #expect(page.contains("Bob&#39;s"))
        #expect(!page.contains("comment-delete"), "no delete on someone else's comment")
        let token = try #require(CookieJar.csrfToken(in: commentForm(page)))
        _ = await alice.post(H.commentsPath, form: [("csrf", token), ("text", "Mine")])
        let mine = try #require(h.pds.records("social.grain.comment", of: FakePDS.Account.alice.did).first)
        h.appView.indexComments(from: h.pds, accounts: [.alice, .bob])

        // Bob's record key, and Bob's URI in the form, only ever address Alice's repository.
        let forged = await alice.post(H.commentsPath + "/\(bobs.rkey)/delete", form: [("csrf", token), ("uri", bobs.uri), ("repo", bobs.did)])
        #expect(forged.status == .seeOther)
        #expect(h.pds.record(uri: bobs.uri) != nil, "Bob's comment is untouched")
        let withoutToken = await alice.post(H.commentsPath + "/\(mine.rkey)/delete", form: [])
        #expect(withoutToken.status == .forbidden)
        #expect(h.pds.record(uri: mine.uri) != nil)

        let deleted = await alice.post(H.commentsPath + "/\(mine.rkey)/delete", form: [("csrf", token)])
        #expect(deleted.status == .seeOther)
        #expect(h.pds.record(uri: mine.uri) == nil)
        let after = await alice.get(H.commentsPath).text
        #expect(!after.contains("Mine"), "gone at once though the AppView still lists it")
        #expect(after.contains("Bob&#39;s"))
        await h.stop()
    }

    @Test func aCommentWithoutAValidTokenIsRefused() async throws {
        let h = try await SocialHarness()
        let alice = try await h.signIn()
        let refused = await alice.post(H.commentsPath, form: [("csrf", "forged"), ("text", "hello")])
        #expect(refused.status == .forbidden)
        #expect(h.pds.callCount("com.atproto.repo.createRecord") == 0)
        await h.stop()
    }

    @Test func hostileNamesTextAndFacetsStayText() async throws {
        let h = try await SocialHarness()
        let text = "<script>alert(1)</script> café link here \u{1F600} end"
        let bytes = Array(text.utf8)
        func offset(_ needle: String) -> Int {
            let range = text.range(of: needle)!
            return text.utf8.distance(from: text.utf8.startIndex, to: range.lowerBound)
        }
        let link = offset("link")
        let emoji = offset("\u{1F600}")
        let facets = """
            [{"index":{"byteStart":\(link),"byteEnd":\(link + 4)},"features":[{"$type":"app.bsky.richtext.facet#link","uri":"https://example.org/?a=1&b=2"}]},
             {"index":{"byteStart":\(link + 1),"byteEnd":\(link + 6)},"features":[{"$type":"app.bsky.richtext.facet#link","uri":"https://overlap.example"}]},
             {"index":{"byteStart":\(emoji + 1),"byteEnd":\(emoji + 4)},"features":[{"$type":"app.bsky.richtext.facet#link","uri":"https://midchar.example"}]},
             {"index":{"byteStart":0,"byteEnd":\(bytes.count + 10)},"features":[{"$type":"app.bsky.richtext.facet#link","uri":"https://outofrange.example"}]},
             {"index":{"byteStart":\(offset("end")),"byteEnd":\(offset("end") + 3)},"features":[{"$type":"app.bsky.richtext.facet#link","uri":"javascript:alert(1)"}]},
             {"index":{"byteStart":\(offset("here")),"byteEnd":\(offset("here") + 4)},"features":[{"$type":"app.bsky.richtext.facet#mention","did":"did:plc:abcdefghijklmnopqrstuvwx"}]},
             {"index":{"byteStart":\(offset("café")),"byteEnd":\(offset("café") + 5)},"features":[{"$type":"app.bsky.richtext.facet#link","uri":"https://quoted.example/\\"onmouseover=x"}]},
             {"index":{"byteStart":-5,"byteEnd":2},"features":[{"$type":"app.bsky.richtext.facet#link","uri":"https://negative.example"}]}]
            """
        h.addComment(text, rkey: "3mhostile0001", minutesAgo: 3, displayName: "<img src=x onerror=alert(1)>", facets: facets)
        let page = await h.app.respond(H.commentsPath).text
        let viewer = await h.app.respond(H.storyPath).text
        await h.stop()
        for html in [page, viewer] {
            #expect(!html.contains("<script>alert"))
            #expect(!html.contains("<img src=x"))
            #expect(html.contains("&lt;img src=x onerror=alert(1)&gt;"))
        }
        #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt; café "))
        #expect(page.contains("<a href=\"https://example.org/?a=1&amp;b=2\" rel=\"nofollow noopener noreferrer ugc\">link</a>"))
        #expect(page.contains("<a href=\"/profile/did:plc:abcdefghijklmnopqrstuvwx\" rel=\"nofollow noopener noreferrer ugc\">here</a>"))
        for refused in ["overlap.example", "quoted.example", "midchar.example", "outofrange.example", "javascript:", "negative.example"] {
            #expect(!page.contains(refused), "\(refused) is not linked")
        }
        #expect(page.contains("\u{1F600} end</p>"), "the rest stays plain text")
    }

    @Test func anEndedStoryListsItsCommentsButTakesNoNewOnes() async throws {
        let library = FakeStoryLibrary.fixtureScenario()
        let archive = try JSONDecoder().decode(StoriesResponse.self, from: Fixtures.data("getStoryArchive")).stories
        let expired = try #require(archive.last)
        library.update { $0.single[expired.uri] = expired }
        let h = try await SocialHarness(library: library)
        h.appView.addComment(
            StandInComment(
                uri: "at://\(FakePDS.Account.bob.did)/social.grain.comment/3mold", subject: expired.uri.rawValue,
                authorDID: FakePDS.Account.bob.did, handle: "bob.test", text: "From back then", createdAt: AppHarness.fixtureNow.addingTimeInterval(-90_000)))
        let alice = try await h.signIn()
        let path = "/profile/\(H.maya.rawValue)/story/\(expired.rkey.rawValue)/comments"
        let page = await alice.get(path).text
        #expect(page.contains("From back then"))
        #expect(page.contains("comments are closed"))
        #expect(!page.contains("class=\"comment-form\""))
        let token = try #require(CookieJar.csrfToken(in: await alice.get(H.commentsPath).text))
        let refused = await alice.post(path, form: [("csrf", token), ("text", "late")])
        #expect(refused.status == .conflict)
        #expect(await alice.get("/profile/\(H.maya.rawValue)/story/nope1234/comments").status == .notFound)
        await h.stop()
    }

    @Test func whenGrainIsDownTheOwnCommentsStillShowAndTheFormWorks() async throws {
        let h = try await SocialHarness()
        let alice = try await h.signIn()
        let token = try #require(CookieJar.csrfToken(in: commentForm(await alice.get(H.commentsPath).text)))
        h.appView.setMode(.serverError)
        let sent = await alice.post(H.commentsPath, form: [("csrf", token), ("text", "Through the outage")])
        #expect(sent.status == .seeOther)
        let page = await alice.get(H.commentsPath)
        #expect(page.status == .ok)
        #expect(page.text.contains("Grain could not be reached"))
        #expect(page.text.contains("Through the outage"))
        let viewer = await alice.get(H.storyPath)
        #expect(viewer.status == .ok)
        await h.stop()
    }
}
