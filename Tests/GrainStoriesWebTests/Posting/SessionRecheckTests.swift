import ATProtoTestKit
import AppTestKit
import Foundation
import HTTPFields
import MicroHTTPServer
import Posting
import Testing

@testable import GrainStoriesWeb

/// Sessions are checked against the account's identity again whenever they are
/// refreshed: an account whose document now names another PDS is signed out here; a
/// directory that is down only delays the action.
@Suite struct SessionRecheckTests {
    typealias Flow = PostingFlowTests
    static let alice = FakePDS.Account.alice
    static let story = "/profile/\(FakePDS.Account.alice.did)/story/3mabcdefghijk/delete"

    /// Asks to delete a story (an action that needs the PDS, so a refresh) and returns
    /// the answer.
    static func act(_ browser: CookieJar) async throws -> HTTPResponse {
        let confirm = await browser.get(story)
        return await browser.post(story, form: [("csrf", try #require(CookieJar.csrfToken(in: confirm.text)))])
    }

    @Test func aRefreshedSessionOfAnAccountThatIsNotOnItsPDSIsSignedOut() async throws {
        let pds = try FakePDS()
        let app = try await AppHarness()
        let (browser, _) = try await Flow.signIn(app, pds)
        pds.expireAccessTokens()
        let refreshed = try await Self.act(browser)
        #expect(refreshed.headers["Location"] != "/signin?reason=expired", "an honest refresh keeps the session")
        #expect(pds.callCount("com.atproto.server.refreshSession") == 1)

        TestIdentityDirectory.shared.publish(did: Self.alice.did, handle: Self.alice.handle, pds: "https://elsewhere.example.com")
        pds.expireAccessTokens()
        let attempt = try await Self.act(browser)
        #expect(attempt.headers["Location"] == "/signin?reason=expired")
        #expect(!(await browser.get("/").text.contains("@alice.test")), "signed out")
        await app.shutdown()
        pds.stop()
    }

    @Test func aDirectoryThatIsDownAtARefreshKeepsThePersonSignedIn() async throws {
        let pds = try FakePDS()
        let app = try await AppHarness()
        let (browser, _) = try await Flow.signIn(app, pds)
        TestIdentityDirectory.shared.stand.setPLCDocument(.status(503, "{}"), for: Self.alice.did)
        pds.expireAccessTokens()
        let attempt = try await Self.act(browser)
        #expect(attempt.status == .badGateway)
        #expect(attempt.text.contains("could not be reached"))
        #expect(await browser.get("/").text.contains("@alice.test"), "still signed in")
        await app.shutdown()
        pds.stop()
    }
}
