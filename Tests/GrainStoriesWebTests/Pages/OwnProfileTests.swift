import ATProtoTestKit
import AppTestKit
import Foundation
import MicroHTTPServer
import TestKit
import Testing

@testable import GrainStoriesWeb

/// A person Grain does not list yet (before their first story) can still reach their own
/// profile from the account menu: their name and handle, their posts not gone out, and
/// an archive saying their stories appear there once posted. Anyone else's unknown name
/// is still a 404, and every error page keeps the signed-in header.
@Suite struct OwnProfileTests {
    typealias Flow = PostingFlowTests

    @Test func yourProfileWorksBeforeGrainListsYou() async throws {
        let pds = try FakePDS()
        let app = try await AppHarness()
        let (browser, _) = try await Flow.signIn(app, pds)
        let home = await browser.get("/").text
        let href = try #require(HTMLInspection.attributeValues("href", in: home) { $0.contains("account-menu-item") }.first)
        #expect(href == "/profile/alice.test")

        let profile = await browser.get(href)
        #expect(profile.status == .ok, "\(profile.text.prefix(400))")
        #expect(profile.text.contains("<p class=\"profile-handle\">@alice.test</p>"))
        #expect(profile.text.contains("You have not posted a story yet. Your stories appear here once you post them"))
        #expect(profile.text.contains("<a class=\"button\" href=\"/stories/new\">Post a story</a>"))
        #expect(!HTMLInspection.section("unfinished", in: profile.text).contains("href"), "no posts waiting yet")
        // By DID too.
        #expect(await browser.get("/profile/\(FakePDS.Account.alice.did)").status == .ok)

        // A photo uploaded but not posted shows there, as on the home page.
        let draft = try #require(try await Flow.upload(browser, Fixtures.bytes("tiny-24x32.jpg")).headers["Location"])
        let waiting = HTMLInspection.section("unfinished", in: await browser.get(href).text)
        #expect(waiting.contains("href=\"\(draft)\""))
        #expect(waiting.contains("Not posted yet: open it to check it and post it."))

        // Someone else Grain does not list is still not found, and signed out one's own name is too.
        let other = await browser.get("/profile/nobody-here.test")
        #expect(other.status == .notFound)
        #expect(await CookieJar(app).get(href).status == .notFound)
        await app.shutdown()
        pds.stop()
    }

    /// An error page for someone signed in has their header and menu, not "Sign in".
    @Test func errorPagesKeepTheSignedInHeader() async throws {
        let pds = try FakePDS()
        let app = try await AppHarness()
        let (browser, _) = try await Flow.signIn(app, pds)
        for path in ["/profile/nobody-here.test", "/no/such/page", "/drafts/00000000-0000-4000-8000-000000000000"] {
            let page = await browser.get(path)
            #expect(page.status == .notFound, "\(path)")
            #expect(page.text.contains("class=\"error-page\""), "\(path)")
            #expect(page.text.contains("Sign out @alice.test"), "\(path): the account menu")
            #expect(page.text.contains("<a class=\"account-menu-item\" href=\"/profile/alice.test\">Your profile</a>"), "\(path)")
            #expect(!page.text.contains("<a class=\"header-link\" href=\"/signin\">Sign in</a>"), "\(path): no Sign in for someone signed in")
        }
        let visitor = await CookieJar(app).get("/no/such/page").text
        #expect(visitor.contains("<a class=\"header-link\" href=\"/signin\">Sign in</a>"), "a visitor is offered Sign in")
        #expect(!visitor.contains("account-menu"))
        await app.shutdown()
        pds.stop()
    }
}
