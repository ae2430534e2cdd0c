import ATProtoTestKit
import AppTestKit
import Foundation
import MicroHTTPServer
import Posting
import Testing

@testable import GrainStoriesWeb

/// Deleting a story takes its Bluesky crosspost with it, whoever made the post (this
/// server, from the draft's key; Grain's apps, found by its link to the story), and the
/// confirmation says so; a post that only mentions another story stays.
@Suite struct DeleteCrosspostTests {
    typealias Flow = PostingFlowTests

    /// Posts a photo (with the crosspost when asked) as the signed-in browser; the story's key.
    static func post(_ browser: CookieJar, _ app: AppHarness, _ pds: FakePDS, crosspost: Bool) async throws -> String {
        let draftPath = try #require(try await Flow.upload(browser, try Flow.photoWithGPS()).headers["Location"])
        let token = try #require(CookieJar.csrfToken(in: await browser.get(draftPath).text))
        var form = [("csrf", token), ("place_name", ""), ("action", "publish")]
        if crosspost { form.append(("crosspost", "on")) }
        _ = await browser.post(draftPath, form: form)
        await app.publisher.runDue()
        return try #require(pds.records("social.grain.story").last?.rkey)
    }

    /// The confirmation page and the answer to confirming it.
    static func delete(_ browser: CookieJar, rkey: String) async throws -> (confirm: String, deleted: HTTPResponse) {
        let path = "/profile/alice.test/story/\(rkey)/delete"
        let confirm = await browser.get(path).text
        let deleted = await browser.post(path, form: [("csrf", try #require(CookieJar.csrfToken(in: confirm)))])
        return (confirm, deleted)
    }

    @Test func aCrosspostMadeHereIsDeletedWithItsStoryAndThePageSaysSo() async throws {
        let pds = try FakePDS()
        let app = try await AppHarness()
        let (browser, _) = try await Flow.signIn(app, pds)
        let rkey = try await Self.post(browser, app, pds, crosspost: true)
        #expect(pds.records("app.bsky.feed.post").count == 1)

        let (confirm, deleted) = try await Self.delete(browser, rkey: rkey)
        #expect(confirm.contains("The Bluesky post that shares it is deleted with it."))
        #expect(!confirm.contains("stays"))
        #expect(deleted.status == .seeOther)
        #expect(pds.records("social.grain.story").isEmpty)
        #expect(pds.records("app.bsky.feed.post").isEmpty, "the crosspost went with the story")
        await app.shutdown()
        pds.stop()
    }

    /// A crosspost Grain's app made has a key the PDS chose and links the story by DID:
    /// found among the account's posts. A post about another story is left alone.
    @Test func aCrosspostMadeElsewhereIsFoundByItsLinkAndOnlyThatOneGoes() async throws {
        let pds = try FakePDS()
        let app = try await AppHarness()
        let (browser, _) = try await Flow.signIn(app, pds)
        let rkey = try await Self.post(browser, app, pds, crosspost: false)
        let alice = FakePDS.Account.alice
        func post(_ text: String, _ key: String) throws {
            try pds.seedRecord(
                ["text": .string(text), "createdAt": "2026-09-04T17:00:00.000Z", "tags": ["grainsocial"]], collection: "app.bsky.feed.post",
                rkey: key, account: alice.did)
        }
        try post("📍 Somewhere #GrainSocial https://grain.social/profile/\(alice.did)/story/\(rkey)", "3mgrainapp222")
        try post("Another story https://grain.social/profile/\(alice.did)/story/\(rkey)x", "3mother222222")
        try post("Just words", "3mwords222222")

        let (confirm, _) = try await Self.delete(browser, rkey: rkey)
        #expect(confirm.contains("The Bluesky post that shares it is deleted with it."))
        #expect(pds.records("social.grain.story").isEmpty)
        #expect(pds.records("app.bsky.feed.post").map(\.rkey).sorted() == ["3mother222222", "3mwords222222"], "only the story's own post went")
        await app.shutdown()
        pds.stop()
    }

    @Test func aStoryWithoutACrosspostSaysNothingAboutBlueskyAndLeavesPostsAlone() async throws {
        let pds = try FakePDS()
        let app = try await AppHarness()
        let (browser, _) = try await Flow.signIn(app, pds)
        let rkey = try await Self.post(browser, app, pds, crosspost: false)
        try pds.seedRecord(
            ["text": "Hello Bluesky", "createdAt": "2026-09-04T17:00:00.000Z"], collection: "app.bsky.feed.post", rkey: "3mwords222222",
            account: FakePDS.Account.alice.did)
        let (confirm, deleted) = try await Self.delete(browser, rkey: rkey)
        #expect(!confirm.contains("Bluesky"))
        #expect(deleted.status == .seeOther)
        #expect(pds.records("app.bsky.feed.post").count == 1)
        await app.shutdown()
        pds.stop()
    }

    /// The story goes; the post the PDS would not delete is named with its link, so the
    /// person can delete it on Bluesky.
    @Test func aCrosspostThePDSWillNotDeleteIsShownWithItsLink() async throws {
        let pds = try FakePDS()
        let app = try await AppHarness()
        let (browser, _) = try await Flow.signIn(app, pds)
        let rkey = try await Self.post(browser, app, pds, crosspost: true)
        let postKey = try #require(pds.records("app.bsky.feed.post").first?.rkey)
        // The story's delete goes through; the post's, right after it, is refused.
        pds.inject(.status(400, error: "InvalidRequest", message: "not now"), on: "com.atproto.repo.deleteRecord", .onceAfter(1))
        let (_, deleted) = try await Self.delete(browser, rkey: rkey)
        #expect(deleted.status == .badGateway)
        #expect(pds.records("social.grain.story").isEmpty, "the story went")
        #expect(pds.records("app.bsky.feed.post").count == 1)
        let link = "https://bsky.app/profile/\(FakePDS.Account.alice.did)/post/\(postKey)"
        #expect(deleted.text.contains("<h1>Story deleted</h1>"))
        #expect(deleted.text.contains("could not be deleted just now. <a href=\"\(link)\" rel=\"noopener\">Open the post on Bluesky</a>"))
        #expect(deleted.text.contains("<a class=\"button\" href=\"/\">Continue</a>"))
        await app.shutdown()
        pds.stop()
    }

    /// A story whose own delete fails keeps its post too (nothing half done).
    @Test func whenTheStoryCannotBeDeletedItsPostStays() async throws {
        let pds = try FakePDS()
        let app = try await AppHarness()
        let (browser, _) = try await Flow.signIn(app, pds)
        let rkey = try await Self.post(browser, app, pds, crosspost: true)
        pds.inject(.status(400, error: "InvalidRequest", message: "not now"), on: "com.atproto.repo.deleteRecord", .once)
        let (_, deleted) = try await Self.delete(browser, rkey: rkey)
        #expect(deleted.status == .badGateway)
        #expect(pds.records("social.grain.story").count == 1)
        #expect(pds.records("app.bsky.feed.post").count == 1)
        await app.shutdown()
        pds.stop()
    }
}
