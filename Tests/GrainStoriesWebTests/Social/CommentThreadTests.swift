import ATProto
import ATProtoTestKit
import AppTestKit
import FeatureTestKit
import Foundation
import MicroHTTPServer
import Testing

@testable import GrainStoriesWeb
@testable import Social

/// Comment threads as Grain has them: replies shown one level deep under the comment
/// their thread starts from, hearts on comments, typed mentions made into facets, all
/// through the outbox and escaped and limited like comments.
@Suite struct CommentThreadTests {
    typealias H = SocialHarness
    static let bobsURI = "at://\(FakePDS.Account.bob.did)/social.grain.comment/3mcomment0001"
    static var commentFavoritePath: String { H.commentsPath + "/favorite" }

    /// The replies block under the first top-level comment that has one.
    private func replies(_ html: String) -> String {
        guard let start = html.range(of: "<ol class=\"comment-replies\""), let end = html[start.upperBound...].range(of: "</ol>") else { return "" }
        return String(html[start.lowerBound..<end.upperBound])
    }

    private func token(_ browser: CookieJar) async throws -> String {
        try #require(CookieJar.csrfToken(in: await browser.get(H.commentsPath).text))
    }

    @Test func aReplyIsWrittenWithReplyToAndShownUnderItsCommentAndAReplyToAReplyUnderTheSameOne() async throws {
        let h = try await SocialHarness()
        h.addComment("Top comment", rkey: "3mcomment0001", minutesAgo: 30)
        let alice = try await h.signIn()
        let page = await alice.get(H.commentsPath).text
        #expect(page.contains("<details class=\"comment-reply\">"), "a Reply that works without the script")
        #expect(page.contains("<input type=\"hidden\" name=\"replyTo\" value=\"\(Self.bobsURI)\">"))
        #expect(page.contains(">@bob.test </textarea>"), "a reply starts with the handle, as Grain's composer does")
        let token = try #require(CookieJar.csrfToken(in: page))

        let sent = await alice.post(H.commentsPath, form: [("csrf", token), ("replyTo", Self.bobsURI), ("text", "@bob.test agreed")])
        #expect(sent.status == .seeOther)
        let record = try #require(h.pds.records("social.grain.comment", of: FakePDS.Account.alice.did).first)
        #expect(record.value["replyTo"]?.stringValue == Self.bobsURI)
        #expect(record.value["subject"]?.stringValue == H.storyURI)

        let shown = await alice.get(H.commentsPath).text
        #expect(replies(shown).contains("agreed"), "shown under Bob's comment at once")
        #expect(HTMLInspection.count("agreed", in: shown) == 1)

        // Bob answers Alice's reply: Grain shows it under the same top-level comment.
        h.appView.indexComments(from: h.pds, accounts: [.alice])
        h.appView.addComment(
            StandInComment(
                uri: "at://\(FakePDS.Account.bob.did)/social.grain.comment/3mcomment0002", subject: H.storyURI, authorDID: FakePDS.Account.bob.did,
                handle: FakePDS.Account.bob.handle, text: "Bob answers", replyTo: record.uri, createdAt: AppHarness.fixtureNow))
        let threaded = await alice.get(H.commentsPath).text
        #expect(HTMLInspection.count("<ol class=\"comment-replies\"", in: threaded) == 1, "one level of nesting")
        #expect(replies(threaded).contains("agreed"))
        #expect(replies(threaded).contains("Bob answers"))
        #expect(HTMLInspection.count("agreed", in: threaded) == 1, "the AppView's copy replaces the local one")
        await h.stop()
    }

    @Test func aTypedMentionBecomesAFacetWithUTF8OffsetsAndAnUnknownHandleStaysText() async throws {
        let h = try await SocialHarness()
        let alice = try await h.signIn()
        let text = "café 👩‍👩‍👧‍👦 @bob.test and @nobody-here.test."
        let sent = await alice.post(H.commentsPath, form: [("csrf", try await token(alice)), ("text", text)])
        #expect(sent.status == .seeOther)
        let record = try #require(h.pds.records("social.grain.comment", of: FakePDS.Account.alice.did).first)
        let facets = try #require(record.value["facets"]?.arrayValue)
        #expect(facets.count == 1, "only the handle that resolves")
        #expect(facets.first?["index"]?["byteStart"]?.integerValue == 32)
        #expect(facets.first?["index"]?["byteEnd"]?.integerValue == 41)
        #expect(facets.first?["features"]?[0]?["$type"]?.stringValue == "app.bsky.richtext.facet#mention")
        #expect(facets.first?["features"]?[0]?["did"]?.stringValue == FakePDS.Account.bob.did)
        #expect(record.value["replyTo"] == nil, "a comment, not a reply")

        let page = await alice.get(H.commentsPath).text
        #expect(page.contains("<a href=\"/profile/\(FakePDS.Account.bob.did)\" rel=\"nofollow noopener noreferrer ugc\">@bob.test</a>"))
        #expect(page.contains(" and @nobody-here.test.</p>"), "the unknown one stays text")
        await h.stop()
    }

    /// "♥ 0" under every comment said nothing: a comment nobody liked shows its heart
    /// without a number, named for what pressing it does; one with likes shows the count
    /// and says it. Without a heart to press (not signed in) an unliked comment shows none.
    @Test func aCommentNobodyLikedShowsNoNumberBesideItsHeart() async throws {
        let h = try await SocialHarness()
        h.addComment("Top comment", rkey: "3mcomment0001", minutesAgo: 30)
        h.addComment("Second", rkey: "3mcomment0003", minutesAgo: 20)
        _ = try h.pds.seedRecord(
            ["subject": .string("at://\(FakePDS.Account.bob.did)/social.grain.comment/3mcomment0003"), "createdAt": "2026-09-04T17:00:00.000Z"],
            collection: "social.grain.favorite", rkey: "3mfromgrainapp", account: "alice.test")
        let alice = try await h.signIn()
        let page = await alice.get(H.commentsPath).text
        #expect(
            page.contains("aria-pressed=\"false\" aria-label=\"Like this comment\"><span aria-hidden=\"true\">♥</span></button>"),
            "no likes: the heart alone, with its name")
        #expect(
            page.contains(
                "aria-label=\"Remove your like from this comment (1 like)\"><span aria-hidden=\"true\">♥</span> <span class=\"comment-fav-count\">1</span></button>"
            ), "one like: its number, said in the name")
        #expect(!page.contains("comment-fav-count\">0<") && !page.contains("(0 likes)"))
        let visitor = await CookieJar(h.app).get(H.commentsPath).text
        #expect(visitor.contains("Top comment") && !visitor.contains("0 likes") && !visitor.contains("♥</span> 0<"), "no \"♥ 0\" for a visitor")
        await h.stop()
    }

    @Test func aHeartOnACommentIsWrittenCountedUndoneAndReadFromTheOwnRepository() async throws {
        let h = try await SocialHarness()
        h.addComment("Top comment", rkey: "3mcomment0001", minutesAgo: 30)
        h.addComment("Second", rkey: "3mcomment0003", minutesAgo: 20)
        let secondURI = "at://\(FakePDS.Account.bob.did)/social.grain.comment/3mcomment0003"
        _ = try h.pds.seedRecord(
            ["subject": .string(secondURI), "createdAt": "2026-09-04T17:00:00.000Z"], collection: "social.grain.favorite", rkey: "3mfromgrainapp",
            account: "alice.test")
        let alice = try await h.signIn()
        let before = await alice.get(H.commentsPath).text
        #expect(HTMLInspection.count("class=\"link-button comment-heart\" type=\"submit\" aria-pressed=\"false\"", in: before) == 1)
        #expect(
            HTMLInspection.count("aria-pressed=\"true\" aria-label=\"Remove your like from this comment (1 like)\"", in: before) == 1, "given in Grain's app")
        let token = try #require(CookieJar.csrfToken(in: before))

        let given = await alice.post(Self.commentFavoritePath, form: [("csrf", token), ("subject", Self.bobsURI), ("favorite", "1")])
        #expect(given.status == .seeOther)
        #expect(given.headers["Location"] == H.commentsPath)
        let hearts = h.pds.records("social.grain.favorite", of: FakePDS.Account.alice.did).filter { $0.value["subject"]?.stringValue == Self.bobsURI }
        #expect(hearts.count == 1)
        #expect(hearts.first?.value["$type"]?.stringValue == "social.grain.favorite")
        let after = await alice.get(H.commentsPath).text
        #expect(HTMLInspection.count("aria-pressed=\"true\"", in: after) == 2)
        #expect(after.contains("<span class=\"comment-fav-count\">1</span>"), "the own heart counts before Grain has indexed it")
        _ = await alice.post(Self.commentFavoritePath, form: [("csrf", token), ("subject", Self.bobsURI), ("favorite", "1")])
        #expect(h.pds.records("social.grain.favorite", of: FakePDS.Account.alice.did).count == 2, "pressing twice makes one record")

        h.appView.indexComments(from: h.pds, accounts: [.alice, .bob])
        let indexed = await alice.get(H.commentsPath).text
        #expect(HTMLInspection.count("<span class=\"comment-fav-count\">1</span>", in: indexed) == 2, "Grain's count, not the own heart twice")

        let taken = await alice.post(Self.commentFavoritePath, form: [("csrf", token), ("subject", Self.bobsURI), ("favorite", "0")])
        #expect(taken.status == .seeOther)
        #expect(h.pds.records("social.grain.favorite", of: FakePDS.Account.alice.did).count == 1, "only the heart on the first comment went")
        #expect(HTMLInspection.count("aria-pressed=\"true\"", in: await alice.get(H.commentsPath).text) == 1)
        await h.stop()
    }

    @Test func repliesAndCommentHeartsWaitInTheOutboxAndAreSentOnce() async throws {
        let h = try await SocialHarness()
        h.addComment("Top comment", rkey: "3mcomment0001", minutesAgo: 30)
        let alice = try await h.signIn()
        let token = try await token(alice)
        h.pds.inject(.internalServerError, on: "com.atproto.repo.createRecord", .always)
        let replied = await alice.post(H.commentsPath, form: [("csrf", token), ("replyTo", Self.bobsURI), ("text", "@bob.test later")])
        #expect(replied.status == .seeOther)
        let hearted = await alice.post(Self.commentFavoritePath, form: [("csrf", token), ("subject", Self.bobsURI), ("favorite", "1")])
        #expect(hearted.status == .seeOther)
        let waiting = await alice.get(H.commentsPath).text
        #expect(replies(waiting).contains("Not sent yet: will retry."), "the reply shows under its comment with its state")
        #expect(waiting.contains("aria-pressed=\"true\""), "the heart shows as given meanwhile")
        let stored = try await h.app.socialOutbox.store.unfinished(of: FakePDS.Account.alice.typedDID, kinds: [.comment, .favorite])
        #expect(stored.map(\.kind) == [.comment, .favorite])
        #expect(stored.first?.replyTo?.rawValue == Self.bobsURI)
        #expect(stored.first?.facets?.count == 1, "the mention is kept with the write")
        #expect(stored.last?.subject.rawValue == Self.bobsURI)

        h.pds.clearFaults()
        h.clock.advance(600)
        await h.app.socialOutbox.runDue()
        await h.app.socialOutbox.runDue()
        let reply = try #require(h.pds.records("social.grain.comment", of: FakePDS.Account.alice.did).first)
        #expect(reply.value["replyTo"]?.stringValue == Self.bobsURI)
        #expect(reply.value["facets"]?.arrayValue?.count == 1)
        #expect(h.pds.records("social.grain.favorite", of: FakePDS.Account.alice.did).count == 1)
        #expect(h.pds.succeededCallCount("com.atproto.repo.createRecord") == 2, "each sent once")
        await h.stop()
    }

    @Test func hostileRepliesAndHeartsAreEscapedLimitedAndRefused() async throws {
        let h = try await SocialHarness()
        h.addComment("Top comment", rkey: "3mcomment0001", minutesAgo: 30, displayName: "<b>Bob</b>")
        let alice = try await h.signIn()
        let token = try await token(alice)
        let hostile = "<script>alert(1)</script> & \"quotes\""
        let sent = await alice.post(H.commentsPath, form: [("csrf", token), ("replyTo", Self.bobsURI), ("text", hostile)])
        #expect(sent.status == .seeOther)
        let page = await alice.get(H.commentsPath).text
        #expect(!page.contains("<script>alert"))
        #expect(!page.contains("<b>Bob</b>"))
        #expect(replies(page).contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;"))

        let tooMany = String(repeating: "e\u{301}", count: 301)
        let long = await alice.post(H.commentsPath, form: [("csrf", token), ("replyTo", Self.bobsURI), ("text", tooMany)])
        #expect(long.status == .unprocessableContent)
        #expect(long.text.contains("at most 300 characters; this one has 301"))
        #expect(long.text.contains(">\(tooMany)</textarea>"), "the text stays in the form")
        #expect(long.text.contains("<input type=\"hidden\" name=\"replyTo\" value=\"\(Self.bobsURI)\">"), "and stays a reply")

        for target in [H.storyURI, "javascript:alert(1)", "at://\(FakePDS.Account.bob.did)/social.grain.comment"] {
            let refused = await alice.post(H.commentsPath, form: [("csrf", token), ("replyTo", target), ("text", "not a reply")])
            #expect(refused.status == .unprocessableContent, "\(target)")
            #expect(refused.text.contains("A reply must answer a comment."))
            #expect(!refused.text.contains("name=\"replyTo\" value=\"\(target)\""), "an address that is not a comment's is not kept")
            let heart = await alice.post(Self.commentFavoritePath, form: [("csrf", token), ("subject", target), ("favorite", "1")])
            #expect(heart.status == .badRequest, "\(target)")
        }
        let forged = await alice.post(Self.commentFavoritePath, form: [("csrf", "forged"), ("subject", Self.bobsURI), ("favorite", "1")])
        #expect(forged.status != .seeOther)
        #expect(h.pds.records("social.grain.comment", of: FakePDS.Account.alice.did).count == 1)
        #expect(h.pds.records("social.grain.favorite", of: FakePDS.Account.alice.did).isEmpty)
        await h.stop()
    }

    @Test func mentionSuggestionsComeFromTheAppViewsActorSearchForTheSignedInOnly() async throws {
        let h = try await SocialHarness()
        h.appView.addActor(did: FakePDS.Account.bob.did, handle: FakePDS.Account.bob.handle, displayName: "Bob <b>the</b> Builder")
        #expect(await h.app.respond("/mentions?q=bob").status != .ok, "not for anyone")
        let alice = try await h.signIn()
        let found = await alice.get("/mentions?q=%40Bob")
        #expect(found.status == .ok)
        #expect(found.headers["Content-Type"] == "application/json")
        let answer = try JSONSerialization.jsonObject(with: Data(found.text.utf8)) as? [String: [[String: String]]]
        #expect(answer?["actors"] == [["handle": "bob.test", "name": "Bob <b>the</b> Builder"]], "the AppView's answer, as data for textContent")
        #expect(h.appView.queryCount("social.grain.unspecced.searchActorsTypeahead") == 1)
        // By a word of the name too, as Grain searches profiles.
        #expect(await alice.get("/mentions?q=build").text.contains("bob.test"))
        for junk in ["", "%3Cscript%3E", String(repeating: "a", count: 65)] {
            #expect(await alice.get("/mentions?q=" + junk).text == #"{"actors":[]}"#, "\(junk)")
        }
        #expect(h.appView.queryCount("social.grain.unspecced.searchActorsTypeahead") == 2, "junk is not sent on")
        await h.stop()
    }

    @Test func whenGrainDoesNotAnswerSuggestionsComeFromTheHandleResolversActorSearch() async throws {
        let h = try await SocialHarness()
        let alice = try await h.signIn()
        h.appView.setMode(.serverError)
        let answer = try JSONSerialization.jsonObject(with: Data(await alice.get("/mentions?q=bo").text.utf8)) as? [String: [[String: String]]]
        #expect(answer?["actors"]?.contains { $0["handle"] == "bob.test" } == true, "bob.test is published in the test directory")
        #expect(answer?["actors"]?.allSatisfy { $0["handle"]?.hasPrefix("bo") == true } == true)
        #expect(h.appView.queryCount("social.grain.unspecced.searchActorsTypeahead") == 1, "Grain was asked first")
        await h.stop()
    }
}
