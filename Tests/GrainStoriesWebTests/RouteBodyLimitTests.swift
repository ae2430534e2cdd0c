import ATProtoTestKit
import AppTestKit
import GrainStoriesWeb
import MicroHTTPServer
import Testing

/// Each route's body limit at its boundary, decided from the head as the server asks:
/// a body of exactly the limit is admitted, one byte more is refused with 413. The
/// table repeats the values `Routes` sets, so changing one there fails here.
@Suite struct RouteBodyLimitTests {
    static let story = "/profile/did:plc:hbrpoigf3cbfnobm2o4rak3v/story/3mupadw3kg264"
    static let limits: [(path: String, bytes: Int)] = [
        (story + "/favorite", 4096),
        (story + "/comments", 16 * 1024),
        (story + "/comments/3abc/delete", 4096),
        (story + "/delete", 4096),
        ("/settings/hidden", 4096),
        ("/seen", 2048),
        ("/signin", 8 * 1024),
        ("/signout", 4096),
        ("/accounts/switch", 4096),
        ("/stories/new", 40 * 1024 * 1024),
        ("/drafts/abc", 16 * 1024),
    ]

    static func admission(_ app: AppHarness, _ path: String, length: Int, cookie: String) -> BodyAdmission {
        app.application.admitBody(of: HTTPRequest(method: .post, target: path, headers: HTTPHeaders([("Cookie", cookie), ("Content-Length", String(length))])))
    }

    @Test func aBodyExactlyAtEachRoutesLimitIsAdmittedAndOneByteMoreIsRefused() async throws {
        let pds = try FakePDS()
        let app = try await AppHarness()
        let browser = CookieJar(app)
        let page = await browser.get("/signin")
        let token = try #require(CookieJar.csrfToken(in: page.text))
        let signedIn = await browser.post(
            "/signin",
            form: [("csrf", token), ("identifier", FakePDS.Account.alice.handle), ("password", FakePDS.Account.alice.password), ("pds", pds.baseURL)])
        #expect(signedIn.status == .seeOther)
        let cookie = "sid=\(try #require(browser["sid"]))"
        for (path, bytes) in Self.limits {
            switch Self.admission(app, path, length: bytes, cookie: cookie) {
            case .accept(let maxBytes, _, _): #expect(maxBytes == bytes, "\(path)")
            case .refuse(let response): Issue.record("\(path) refused a body of exactly its limit: \(response.status.code)")
            }
            switch Self.admission(app, path, length: bytes + 1, cookie: cookie) {
            case .accept: Issue.record("\(path) admitted a body one byte over its limit")
            case .refuse(let response): #expect(response.status == .contentTooLarge, "\(path)")
            }
        }
        await app.shutdown()
        pds.stop()
    }

    @Test func anUploadsSpoolSpaceCountsAgainstTheSignedInAccount() async throws {
        let pds = try FakePDS()
        let app = try await AppHarness()
        let browser = CookieJar(app)
        let page = await browser.get("/signin")
        let token = try #require(CookieJar.csrfToken(in: page.text))
        _ = await browser.post(
            "/signin",
            form: [("csrf", token), ("identifier", FakePDS.Account.alice.handle), ("password", FakePDS.Account.alice.password), ("pds", pds.baseURL)])
        let cookie = "sid=\(try #require(browser["sid"]))"
        guard case .accept(_, _, let account) = Self.admission(app, "/stories/new", length: 1000, cookie: cookie) else {
            Issue.record("the upload was not admitted")
            return
        }
        #expect(account == FakePDS.Account.alice.did)
        await app.shutdown()
        pds.stop()
    }
}
