import ATProtoTestKit
import AppTestKit
import Foundation
import MicroHTTPServer
import Testing

@testable import GrainStoriesWeb

/// The heart and a comment written to a real PDS implementation (arroba), read back
/// with another client (the atproto SDK) and validated against Grain's own lexicons
/// (copied into Tests/PDS/lexicons, with Bluesky's facet lexicon they refer to); so are a
/// reply with a mention facet and a heart on a comment.
@Suite(.serialized) struct SocialInteropTests {
    static let lexicons = ["social.grain.favorite.json", "social.grain.comment.json", "app.bsky.richtext.facet.json"]

    @Test func aFavouriteAndACommentMatchGrainsLexiconsOnTheReferencePDS() async throws {
        let pds = try await ReferencePDS.launch()
        let app = try await AppHarness()
        let browser = CookieJar(app)
        let signedIn = await browser.signIn(identifier: pds.handle, password: pds.password, pds: pds.baseURL)
        #expect(signedIn.status == .seeOther, "\(signedIn.text)")
        let story = SocialHarness.storyPath
        let token = try #require(CookieJar.csrfToken(in: await browser.get(story + "/comments").text))

        let liked = await browser.post(story + "/favorite", form: [("csrf", token), ("favorite", "1")])
        #expect(liked.status == .seeOther, "\(liked.text)")
        let commented = await browser.post(story + "/comments", form: [("csrf", token), ("text", "Beautiful light e\u{301} 👩‍👩‍👧‍👦")])
        #expect(commented.status == .seeOther, "\(commented.text)")

        let favourites = try await pds.recordsViaSDK(collection: "social.grain.favorite", lexicons: Self.lexicons)
        #expect(favourites.arrayValue?.count == 1)
        #expect(favourites.arrayValue?.first?["value"]?["subject"]?.stringValue == SocialHarness.storyURI)
        let comments = try await pds.recordsViaSDK(collection: "social.grain.comment", lexicons: Self.lexicons)
        #expect(comments.arrayValue?.count == 1)
        #expect(comments.arrayValue?.first?["value"]?["text"]?.stringValue == "Beautiful light e\u{301} 👩‍👩‍👧‍👦")
        #expect(comments.arrayValue?.first?["value"]?["createdAt"]?.stringValue?.hasSuffix("Z") == true)

        // The heart's state is read from that repository, and undoing deletes the record.
        #expect(await browser.get(story).text.contains("aria-pressed=\"true\""))
        let unliked = await browser.post(story + "/favorite", form: [("csrf", token), ("favorite", "0")])
        #expect(unliked.status == .seeOther, "\(unliked.text)")
        #expect(try await pds.recordsViaSDK(collection: "social.grain.favorite").arrayValue?.isEmpty == true)
        await app.shutdown()
        pds.stop()
    }

    @Test func aReplyWithAMentionAndAHeartOnACommentMatchGrainsLexiconsOnTheReferencePDS() async throws {
        let pds = try await ReferencePDS.launch()
        let app = try await AppHarness()
        let browser = CookieJar(app)
        let signedIn = await browser.signIn(identifier: pds.handle, password: pds.password, pds: pds.baseURL)
        #expect(signedIn.status == .seeOther, "\(signedIn.text)")
        let comments = SocialHarness.commentsPath
        let token = try #require(CookieJar.csrfToken(in: await browser.get(comments).text))
        let first = await browser.post(comments, form: [("csrf", token), ("text", "First")])
        #expect(first.status == .seeOther, "\(first.text)")
        let commentURI = try #require(try await pds.recordsViaSDK(collection: "social.grain.comment").arrayValue?.first?["uri"]?.stringValue)

        let text = "é 👩‍👩‍👧‍👦 @\(pds.handle) yes"
        let replied = await browser.post(comments, form: [("csrf", token), ("replyTo", commentURI), ("text", text)])
        #expect(replied.status == .seeOther, "\(replied.text)")
        let hearted = await browser.post(comments + "/favorite", form: [("csrf", token), ("subject", commentURI), ("favorite", "1")])
        #expect(hearted.status == .seeOther, "\(hearted.text)")

        let written = try await pds.recordsViaSDK(collection: "social.grain.comment", lexicons: Self.lexicons).arrayValue ?? []
        let reply = try #require(written.first { $0["value"]?["replyTo"] != nil })
        #expect(reply["value"]?["replyTo"]?.stringValue == commentURI)
        #expect(reply["value"]?["text"]?.stringValue == text)
        let facet = reply["value"]?["facets"]?[0]
        #expect(facet?["index"]?["byteStart"]?.integerValue == Int64("é 👩‍👩‍👧‍👦 ".utf8.count))
        #expect(facet?["index"]?["byteEnd"]?.integerValue == Int64("é 👩‍👩‍👧‍👦 @\(pds.handle)".utf8.count))
        #expect(facet?["features"]?[0]?["did"]?.stringValue == pds.did)
        let hearts = try await pds.recordsViaSDK(collection: "social.grain.favorite", lexicons: Self.lexicons).arrayValue ?? []
        #expect(hearts.map { $0["value"]?["subject"]?.stringValue } == [commentURI])

        // Undoing the heart on the comment deletes its record.
        let unhearted = await browser.post(comments + "/favorite", form: [("csrf", token), ("subject", commentURI), ("favorite", "0")])
        #expect(unhearted.status == .seeOther, "\(unhearted.text)")
        #expect(try await pds.recordsViaSDK(collection: "social.grain.favorite").arrayValue?.isEmpty == true)
        await app.shutdown()
        pds.stop()
    }
}
