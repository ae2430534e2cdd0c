import ATProtoTestKit
import AppTestKit
import Foundation
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

    @Test func aRefusedPostSaysWhatItMeans() {
        let repo = DraftPresenter.plainWords(for: "HTTP 400 RepoNotFound: Repo did:plc:abc not found", stillTrying: false)
        #expect(repo.headline.hasPrefix("Your account's server doesn't have your account"))
        #expect(repo.details == "HTTP 400 RepoNotFound: Repo did:plc:abc not found")
        let sentence = DraftPresenter.plainWords(for: "Your sign-in has ended. Sign in again, then press Retry.", stillTrying: false)
        #expect(sentence.headline == "Your sign-in has ended. Sign in again, then press Retry.")
        #expect(sentence.details == nil)
        let down = DraftPresenter.plainWords(for: "xrpc transport: timed out (curl 28)", stillTrying: false)
        #expect(!down.headline.contains("curl"))
        #expect(down.details == "xrpc transport: timed out (curl 28)")
    }
}
