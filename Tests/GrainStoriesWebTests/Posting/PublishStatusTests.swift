import ATProtoTestKit
import Accounts
import AppTestKit
import FeatureTestKit
import Foundation
import GrainSupport
import MicroHTTPServer
import Posting
import Presentation
import TestKit
import Testing

@testable import GrainStoriesWeb

/// What the draft page says while posting struggles: plain words first, the technical
/// text behind a disclosure, and a way to try again now instead of waiting.
@Suite struct PublishStatusTests {
    typealias Flow = PostingFlowTests

    static func publish(_ browser: CookieJar, _ path: String) async throws {
        let page = await browser.get(path)
        let posted = await browser.post(path, form: [("csrf", try #require(CookieJar.csrfToken(in: page.text))), ("action", "publish")])
        #expect(posted.status == .seeOther)
    }

    /// The visible text of a page with its disclosures' contents left out.
    static func withoutDetails(_ html: String) -> String {
        html.replacingOccurrences(of: "<details[\\s\\S]*?</details>", with: "", options: .regularExpression)
    }

    @Test func aStrugglingPostSaysSoInPlainWordsAndCanBeRetriedNow() async throws {
        let pds = try FakePDS()
        let app = try await AppHarness()
        let (browser, _) = try await Flow.signIn(app, pds)
        let path = try #require(try await Flow.upload(browser, Fixtures.bytes("tiny-24x32.jpg")).headers["Location"])
        pds.inject(.status(502, error: "UpstreamFailure", message: "the blob store is down"), on: "com.atproto.repo.uploadBlob", .always)
        try await Self.publish(browser, path)
        await app.publisher.runDue()

        let waiting = await browser.get(path).text
        #expect(waiting.contains("Your account&#39;s server isn&#39;t answering right now; GrainStories keeps trying."))
        #expect(waiting.contains("<summary>Details</summary>"))
        #expect(waiting.contains("UpstreamFailure"), "the technical reason is kept, behind the disclosure")
        #expect(!Self.withoutDetails(waiting).contains("UpstreamFailure"), "but not in the plain words")
        #expect(waiting.contains("value=\"retry\">Retry now</button>"))

        // The server works again; Retry now does not wait for the backoff.
        pds.clearFaults()
        let token = try #require(CookieJar.csrfToken(in: waiting))
        let retried = await browser.post(path, form: [("csrf", token), ("action", "retry")])
        #expect(retried.status == .seeOther)
        await app.publisher.runDue()
        #expect(await browser.get(path).text.contains("Posted."))
        #expect(pds.records("social.grain.story").count == 1)
        await app.shutdown()
        pds.stop()
    }

    /// A post that is still trying shows on the home page with its state, and Cancel (on
    /// its page) gives the draft back: it is editable again and listed as not posted yet.
    @Test func theHomePageShowsPostsNotPostedYetAndCancelGivesTheDraftBack() async throws {
        let pds = try FakePDS()
        let app = try await AppHarness()
        let (browser, _) = try await Flow.signIn(app, pds)
        let path = try #require(try await Flow.upload(browser, Fixtures.bytes("tiny-24x32.jpg")).headers["Location"])
        let drafted = HTMLInspection.section("unfinished", in: await browser.get("/").text)
        #expect(drafted.contains("href=\"\(path)\""))
        #expect(drafted.contains("Not posted yet: open it to check it and post it."))

        pds.inject(.status(502, error: "UpstreamFailure", message: "the blob store is down"), on: "com.atproto.repo.uploadBlob", .always)
        try await Self.publish(browser, path)
        await app.publisher.runDue()
        let home = HTMLInspection.section("unfinished", in: await browser.get("/").text)
        #expect(home.contains("href=\"\(path)\""))
        #expect(home.contains("src=\"\(path)/photo\""))
        #expect(home.contains("Your account&#39;s server isn&#39;t answering right now; GrainStories keeps trying."))
        #expect(!home.contains("UpstreamFailure"))

        let waiting = await browser.get(path).text
        #expect(waiting.contains("value=\"cancel\">Cancel</button>"))
        let cancelled = await browser.post(path, form: [("csrf", try #require(CookieJar.csrfToken(in: waiting))), ("action", "cancel")])
        #expect(cancelled.status == .seeOther)
        let draft = await browser.get(path).text
        #expect(draft.contains("value=\"publish\">Post story</button>"), "editable again")
        #expect(!draft.contains("value=\"cancel\""))
        #expect(HTMLInspection.section("unfinished", in: await browser.get("/").text).contains("Not posted yet"))
        #expect(pds.records("social.grain.story").isEmpty)

        await app.shutdown()
        pds.stop()
    }

    /// A draft posted with `fault` injected on `method` (always), published by the real
    /// publisher (the clock moved past every backoff) until it stops: its page and the
    /// home page's list, as the person sees them.
    static func failedPost(_ fault: FakePDS.Fault, on method: String) async throws -> (draft: String, home: String) {
        let pds = try FakePDS()
        let clock = TestDateClock(AppHarness.fixtureNow)
        let app = try await AppHarness(edges: { $0.now = { clock.now } })
        let (browser, _) = try await Flow.signIn(app, pds)
        let path = try #require(try await Flow.upload(browser, Fixtures.bytes("tiny-24x32.jpg")).headers["Location"])
        pds.inject(fault, on: method, .always)
        try await Self.publish(browser, path)
        for _ in 0...RetrySchedule().maxAttempts {
            await app.publisher.runDue()
            clock.advance(RetrySchedule().maxBackoff + 2)
        }
        let draft = await browser.get(path).text
        let home = HTMLInspection.section("unfinished", in: await browser.get("/").text)
        await app.shutdown()
        pds.stop()
        return (draft, home)
    }

    /// What the publisher really stores when it gives up (the last cause inside) reads as
    /// plain words; the status code and error name are only behind Details.
    @Test func aPostGivenUpAfterEveryTrySaysSoInPlainWords() async throws {
        let (draft, home) = try await Self.failedPost(
            .status(502, error: "UpstreamFailure", message: "the blob store is down"), on: "com.atproto.repo.uploadBlob")
        let tries = RetrySchedule().maxAttempts
        let words = "Your account&#39;s server did not answer, though GrainStories tried \(tries) times. Press Retry to try again."
        #expect(draft.contains("<p class=\"form-error\">Not posted. \(words)</p>"), "\(HTMLInspection.section("post-status", in: draft))")
        #expect(draft.contains("<summary>Details</summary><p>gave up after \(tries) tries; the last: HTTP 502 UpstreamFailure: the blob store is down</p>"))
        let plain = Self.withoutDetails(draft)
        for raw in ["Gave up", "gave up", "HTTP", "UpstreamFailure", "xrpc"] { #expect(!plain.contains(raw), "\(raw) is not in the words") }
        #expect(home.contains("Not posted. \(words)"))
        #expect(!home.contains("UpstreamFailure"))
    }

    @Test func aRefusedPostSaysItWasRefusedAndKeepsTheReasonBehindDetails() async throws {
        let (draft, home) = try await Self.failedPost(
            .status(400, error: "InvalidRecord", message: "Record/media is required"), on: "com.atproto.repo.createRecord")
        let words = "Your account&#39;s server refused this story. Press Retry to try again, or discard it."
        #expect(draft.contains("Not posted. \(words)"), "\(HTMLInspection.section("post-status", in: draft))")
        #expect(draft.contains("<p>HTTP 400 InvalidRecord: Record/media is required</p>"))
        #expect(!Self.withoutDetails(draft).contains("InvalidRecord"))
        #expect(home.contains(words))
    }

    @Test func aPDSThatNoLongerHasTheAccountSaysSo() async throws {
        let (draft, _) = try await Self.failedPost(.status(400, error: "RepoNotFound", message: "Could not find repo"), on: "com.atproto.repo.uploadBlob")
        #expect(
            draft.contains(
                "Not posted. Your account&#39;s server doesn&#39;t have your account (it may have moved to another server). Sign in again, then press Retry."))
    }

    @Test func aPhotoThePDSRefusesAsTooLargeSaysSo() async throws {
        let (draft, _) = try await Self.failedPost(
            .status(413, error: "PayloadTooLarge", message: "request entity too large"), on: "com.atproto.repo.uploadBlob")
        #expect(draft.contains("Not posted. Your account&#39;s server refused the photo as too large, or your account has no room left there."))
        #expect(draft.contains("<p>HTTP 413 PayloadTooLarge: request entity too large</p>"))
    }

    /// A reason stored as text by an older version (migrated to `.legacy`) is shown in
    /// generic words, never as the headline; its text stays behind Details.
    @Test func aReasonStoredByAnOlderVersionShowsGenericWords() {
        let old = "Gave up after 8 tries: xrpc transport: timed out (curl 28)"
        let story = WriteProblemWords.stopped(.legacy(text: old), .story)
        #expect(story.headline == "Something went wrong while posting it. Press Retry to try again.")
        #expect(story.details == old)
        #expect(WriteProblemWords.stopped(.legacy(text: old), .comment).headline == "Your comment was not sent. Please try again.")
    }
}
