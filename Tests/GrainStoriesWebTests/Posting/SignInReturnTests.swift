import ATProtoTestKit
import AppTestKit
import Foundation
import GrainSupport
import MicroHTTPServer
import Testing

@testable import GrainStoriesWeb

/// After signing in, a person arrives where they were going: the page that sent them to
/// sign in, or the story form from the strip's tile; never another site.
@Suite struct SignInReturnTests {
    static func signIn(_ browser: CookieJar, from page: String, _ pds: FakePDS) async throws -> HTTPResponse {
        let form = await browser.get(page)
        let token = try #require(CookieJar.csrfToken(in: form.text))
        let next = HTMLInspection.attributeValues("value", in: form.text) { $0.contains("name=\"next\"") }.first
        var fields = [("csrf", token), ("identifier", "alice.test"), ("password", FakePDS.Account.alice.password), ("pds", pds.baseURL)]
        if let next { fields.append(("next", next)) }
        return await browser.post("/signin", form: fields)
    }

    @Test func aPageThatNeedsAnAccountComesBackAfterSigningIn() async throws {
        let pds = try FakePDS()
        let app = try await AppHarness()
        let browser = CookieJar(app)
        let asked = await browser.get("/stories/new")
        #expect(asked.status == .seeOther)
        let signInPage = try #require(asked.headers["Location"])
        #expect(signInPage == "/signin?next=%2Fstories%2Fnew")
        let signedIn = try await Self.signIn(browser, from: signInPage, pds)
        #expect(signedIn.status == .seeOther)
        #expect(signedIn.headers["Location"] == "/stories/new")
        #expect(await browser.get("/stories/new").status == .ok)
        await app.shutdown()
        pds.stop()
    }

    @Test func theStripsTileLeadsToTheStoryFormAndThereIsOneSignInLink() async throws {
        let app = try await AppHarness()
        let home = await app.respond("/").text
        await app.shutdown()
        #expect(home.contains("href=\"/signin?next=%2Fstories%2Fnew\""))
        #expect(HTMLInspection.count(">Sign in<", in: home) == 1)
    }

    @Test(arguments: ["//evil.example/x", "https://evil.example/", "/\\evil.example", "javascript:alert(1)"])
    func anotherSiteIsNeverWhereSigningInLeads(next: String) async throws {
        let pds = try FakePDS()
        let app = try await AppHarness()
        let browser = CookieJar(app)
        let page = "/signin?next=" + PercentEncoding.encodeComponent(next)
        let form = await browser.get(page)
        #expect(!form.text.contains("name=\"next\""), "an unsafe next is not even carried in the form")
        // Sent anyway, by hand, it is ignored.
        let token = try #require(CookieJar.csrfToken(in: form.text))
        let signedIn = await browser.post(
            "/signin",
            form: [
                ("csrf", token), ("identifier", "alice.test"), ("password", FakePDS.Account.alice.password), ("pds", pds.baseURL), ("next", next),
            ])
        #expect(signedIn.headers["Location"] == "/")
        await app.shutdown()
        pds.stop()
    }
}
