import ATProto
import ATProtoTestKit
import AppTestKit
import FeatureTestKit
import Foundation
import MicroHTTPServer
import Posting
import Testing
import Viewing

@testable import GrainStoriesWeb

/// End to end against the stand-in AppView, which indexes what the fake PDS holds as
/// Grain's AppView does: a story posted here with "Post to Bluesky too" gets a crosspost
/// whose back-link names the author by handle, Grain finds it by that link, and the
/// viewer's Bluesky button leads to the post; the story then shows in its author's
/// archive, whose tiles link by handle too.
@Suite struct CrosspostLinkBackTests {
    @Test func aCrosspostedStoryLinksBackByHandleAndShowsTheBlueskyButtonAndTheArchive() async throws {
        let pds = try FakePDS()
        let appView = try StandInAppView(image: try PostingFlowTests.photoWithGPS())
        let http = OutboundHTTP(userAgent: "GrainStoriesTests", insecureHosts: ["127.0.0.1"])
        let app = try await AppHarness(
            now: Date(),
            edges: { edges in
                edges.stories = AppViewStoryLibrary(client: AppViewClient(xrpc: XRPCClient(baseURL: appView.baseURL, http: http)))
            })
        let alice = FakePDS.Account.alice
        let (browser, _) = try await PostingFlowTests.signIn(app, pds)
        let uploaded = try await PostingFlowTests.upload(browser, try PostingFlowTests.photoWithGPS())
        let draftPath = try #require(uploaded.headers["Location"])
        let token = try #require(CookieJar.csrfToken(in: await browser.get(draftPath).text))
        let posted = await browser.post(draftPath, form: [("csrf", token), ("action", "publish"), ("crosspost", "on")])
        #expect(posted.status == .seeOther)
        await app.publisher.runDue()

        let story = try #require(pds.records("social.grain.story", of: alice.did).first)
        let post = try #require(pds.records("app.bsky.feed.post", of: alice.did).first)
        let path = "/profile/alice.test/story/\(story.rkey)"
        #expect(post.value["text"]?.stringValue?.hasSuffix("#GrainSocial https://grain.social\(path)") == true, "\(post.value.text)")
        #expect(post.value["facets"]?.text.contains("https://grain.social\(path)") == true, "the link facet")

        appView.indexStories(from: pds, accounts: [alice])
        let viewer = await browser.get(path)
        let profile = await browser.get("/profile/alice.test").text
        await app.shutdown()
        await appView.stop()
        await http.shutdown()
        pds.stop()

        #expect(viewer.status == .ok)
        let bluesky = HTMLInspection.attributeValues("href", in: viewer.text) { $0.contains("viewer-bluesky") }
        #expect(bluesky == ["https://bsky.app/profile/\(alice.did)/post/\(post.rkey)"])
        let archive = HTMLInspection.section("archive", in: profile)
        let tiles = HTMLInspection.attributeValues("href", in: archive) { $0.contains("archive-tile") }
        #expect(tiles == ["\(path)?back=%2Fprofile%2Falice.test&from=profile"])
    }
}
