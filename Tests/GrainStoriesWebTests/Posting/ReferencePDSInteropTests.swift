import ATProtoTestKit
import Accounts
import AppTestKit
import FeatureTestKit
import Foundation
import MicroHTTPServer
import Posting
import Testing

@testable import GrainStoriesWeb

/// Posting against a real PDS implementation (arroba, from PyPI), which validates the
/// story and the crosspost against the real lexicons; the record is read back with an
/// independent client (the atproto Python SDK).
@Suite(.serialized) struct ReferencePDSInteropTests {
    @Test func aStoryAndItsCrosspostPassTheReferencePDSAndReadBackWithAnotherClient() async throws {
        let pds = try await ReferencePDS.launch()
        let app = try await AppHarness()
        let browser = CookieJar(app)
        let signedIn = await browser.signIn(identifier: pds.handle, password: pds.password, pds: pds.baseURL)
        #expect(signedIn.status == .seeOther, "\(signedIn.text)")

        let uploaded = try await PostingFlowTests.upload(browser, try PostingFlowTests.photoWithGPS())
        let draftPath = try #require(uploaded.headers["Location"])
        let draft = await browser.get(draftPath)
        _ = await browser.post(
            draftPath,
            form: [
                ("csrf", try #require(CookieJar.csrfToken(in: draft.text))), ("place_name", "Powell's City of Books"),
                ("warning", "sexual"), ("crosspost", "on"), ("action", "publish"),
            ])
        await app.publisher.runDue()
        let entry = try #require(try await app.drafts.progress(try DraftID(checking: String(draftPath.dropFirst("/drafts/".count)))))
        #expect(entry.status == .posted, "\(entry.attempts.problem.map(String.init(describing:)) ?? "")")

        let records = try await pds.recordsViaSDK(collection: "social.grain.story")
        let list = try #require(records.arrayValue ?? records["records"]?.arrayValue)
        #expect(list.count == 1)
        let value = try #require(list.first?["value"] ?? list.first)
        #expect(value["location"]?["name"]?.stringValue == "Powell's City of Books")
        #expect(value["aspectRatio"]?["width"]?.integerValue == 300)
        #expect(value["labels"]?["values"]?[0]?["val"]?.stringValue == "sexual")
        #expect(value["createdAt"]?.stringValue?.hasSuffix("Z") == true)
        let posts = try await pds.recordsViaSDK(collection: "app.bsky.feed.post")
        #expect((posts.arrayValue ?? posts["records"]?.arrayValue)?.count == 1)
        await app.shutdown()
        pds.stop()
    }

    /// Deleting the story deletes its crosspost from the real PDS too: read back with the
    /// other client, neither record is there any more.
    @Test func deletingTheStoryDeletesItsCrosspostOnTheReferencePDS() async throws {
        let pds = try await ReferencePDS.launch()
        let app = try await AppHarness()
        let browser = CookieJar(app)
        let signedIn = await browser.signIn(identifier: pds.handle, password: pds.password, pds: pds.baseURL)
        #expect(signedIn.status == .seeOther, "\(signedIn.text)")
        let draftPath = try #require(try await PostingFlowTests.upload(browser, try PostingFlowTests.photoWithGPS()).headers["Location"])
        let draft = await browser.get(draftPath)
        _ = await browser.post(
            draftPath, form: [("csrf", try #require(CookieJar.csrfToken(in: draft.text))), ("place_name", ""), ("crosspost", "on"), ("action", "publish")])
        await app.publisher.runDue()
        func list(_ collection: String) async throws -> [JSONValue] {
            let records = try await pds.recordsViaSDK(collection: collection)
            return records.arrayValue ?? records["records"]?.arrayValue ?? []
        }
        let stories = try await list("social.grain.story")
        #expect(stories.count == 1)
        #expect(try await list("app.bsky.feed.post").count == 1)
        let uri = try #require(stories.first?["uri"]?.stringValue)
        let rkey = try #require(uri.split(separator: "/").last)

        let path = "/profile/\(pds.did)/story/\(rkey)/delete"
        let confirm = await browser.get(path).text
        #expect(confirm.contains("The Bluesky post that shares it is deleted with it."))
        let deleted = await browser.post(path, form: [("csrf", try #require(CookieJar.csrfToken(in: confirm)))])
        #expect(deleted.status == .seeOther, "\(deleted.text.prefix(500))")
        #expect(try await list("social.grain.story").isEmpty)
        #expect(try await list("app.bsky.feed.post").isEmpty, "the real PDS no longer holds the crosspost")
        await app.shutdown()
        pds.stop()
    }
}
