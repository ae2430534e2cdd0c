import ATProtoTestKit
import AppTestKit
import Foundation
import MicroHTTPServer
import Testing

@testable import GrainStoriesWeb

/// The heart and a comment written to a real PDS implementation (arroba), read back
/// with another client (the atproto SDK) and validated against Grain's own lexicons
/// (copied into Tests/PDS/lexicons).
@Suite(.serialized) struct SocialInteropTests {
    static let lexicons = ["social.grain.favorite.json", "social.grain.comment.json"]

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
}
