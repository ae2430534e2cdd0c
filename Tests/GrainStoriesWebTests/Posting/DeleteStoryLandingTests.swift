import ATProtoTestKit
import AppTestKit
import Foundation
import MicroHTTPServer
import Posting
import Testing

@testable import GrainStoriesWeb

/// Deleting a story: the confirmation shows what will go, and afterwards the author
/// lands on their next story, else where the viewer was opened from, else home.
@Suite struct DeleteStoryLandingTests {
    typealias Flow = PostingFlowTests

    /// Uploads and posts a photo as the signed-in browser.
    private func post(_ browser: CookieJar, _ app: AppHarness) async throws {
        let draftPath = try #require(try await Flow.upload(browser, try Flow.photoWithGPS()).headers["Location"])
        let token = try #require(CookieJar.csrfToken(in: await browser.get(draftPath).text))
        _ = await browser.post(draftPath, form: [("csrf", token), ("place_name", ""), ("action", "publish")])
        await app.publisher.runDue()
    }

    private func unescaped(_ html: String) -> String { HTMLInspection.unescape(html) }

    @Test func theConfirmationShowsTheStoryAndDeletingLandsOnTheNextOneThenBack() async throws {
        let pds = try FakePDS()
        let app = try await AppHarness()
        let (browser, _) = try await Flow.signIn(app, pds)
        try await post(browser, app)
        try await post(browser, app)
        #expect(pds.records("social.grain.story").count == 2)

        let back = "/profile/alice.test"
        let first = try #require(await browser.get("/stories/alice.test?back=" + back.replacingOccurrences(of: "/", with: "%2F")).headers["Location"])
        let viewer = unescaped(await browser.get(first).text)
        let next = try #require(HTMLInspection.attributeValues("href", in: viewer) { $0.contains("rel=\"next\"") }.first)
        let deleteHref = try #require(HTMLInspection.attributeValues("href", in: viewer) { $0.contains("viewer-delete") }.first)
        #expect(deleteHref.contains("/delete?back="), "the viewer's back goes along: \(deleteHref)")

        let confirm = unescaped(await browser.get(deleteHref).text)
        let thumb = try #require(HTMLInspection.attributeValues("src", in: confirm) { $0.contains("delete-story-thumb") }.first)
        #expect(await browser.get(thumb).status == .ok, "the thumbnail of what will go")
        #expect(confirm.contains("name=\"back\" value=\"\(back)\""))
        let action = try #require(HTMLInspection.attributeValues("action", in: confirm) { $0.contains("form-actions") }.first)
        let deleted = await browser.post(action, form: [("csrf", try #require(CookieJar.csrfToken(in: confirm))), ("back", back)])
        #expect(deleted.status == .seeOther)
        #expect(deleted.headers["Location"] == next, "the next story, not home")

        // The last one left: back where the viewer was opened from.
        let lastViewer = unescaped(await browser.get(next).text)
        let lastDelete = try #require(HTMLInspection.attributeValues("href", in: lastViewer) { $0.contains("viewer-delete") }.first)
        let lastConfirm = unescaped(await browser.get(lastDelete).text)
        let lastAction = try #require(HTMLInspection.attributeValues("action", in: lastConfirm) { $0.contains("form-actions") }.first)
        let deletedLast = await browser.post(lastAction, form: [("csrf", try #require(CookieJar.csrfToken(in: lastConfirm))), ("back", back)])
        #expect(deletedLast.headers["Location"] == back)
        #expect(pds.records("social.grain.story").isEmpty)
        await app.shutdown()
        pds.stop()
    }
}
