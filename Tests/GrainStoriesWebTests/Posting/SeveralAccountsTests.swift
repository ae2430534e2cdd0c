import ATProto
import ATProtoTestKit
import Accounts
import AppTestKit
import FeatureTestKit
import Foundation
import MicroHTTPServer
import Posting
import Testing

@testable import GrainStoriesWeb

/// Several people on one browser (a family tablet): signing in adds an account, the
/// header menu picks the current one, seen state and drafts follow the account picked,
/// signing one out leaves the others, and nobody can switch to an account the browser
/// was never signed in as.
@Suite struct SeveralAccountsTests {
    typealias Flow = PostingFlowTests
    static let alice = FakePDS.Account.alice
    static let bob = FakePDS.Account.bob
    static let mayaStory = "/profile/did:plc:hbrpoigf3cbfnobm2o4rak3v/story/3mupadw3kg264"
    static let mayaNew = "aria-label=\"Maya Okafor, 3 stories, new\""
    static let mayaSeen = "aria-label=\"Maya Okafor, 3 stories, seen\""

    /// Signs `account` in on `browser` through the form (whoever is signed in there already).
    @discardableResult
    static func signIn(_ browser: CookieJar, _ account: FakePDS.Account, _ pds: FakePDS) async throws -> HTTPResponse {
        let page = await browser.get("/signin")
        let token = try #require(CookieJar.csrfToken(in: page.text))
        return await browser.post("/signin", form: [("csrf", token), ("identifier", account.handle), ("password", account.password), ("pds", pds.baseURL)])
    }

    /// The account the header shows as current, by handle; nil when signed out.
    static func current(_ html: String) -> String? {
        guard let range = html.range(of: "aria-label=\"Signed in as @") else { return nil }
        return String(html[range.upperBound...].prefix { $0 != ":" })
    }

    /// The DIDs the header offers to switch to.
    static func switchTargets(_ html: String) -> [String] {
        html.components(separatedBy: "action=\"/accounts/switch\"").dropFirst().compactMap { form in
            guard let range = form.range(of: "name=\"did\" value=\"") else { return nil }
            return String(form[range.upperBound...].prefix { $0 != "\"" })
        }
    }

    /// Posts the header's switch form for `did` with the page's own token.
    static func switchTo(_ browser: CookieJar, _ did: String) async throws -> HTTPResponse {
        let home = await browser.get("/")
        return await browser.post("/accounts/switch", form: [("csrf", try #require(CookieJar.csrfToken(in: home.text))), ("did", did)])
    }

    /// Alice, then Bob signed in on one browser.
    static func tablet(_ app: AppHarness, _ pds: FakePDS) async throws -> CookieJar {
        let tablet = CookieJar(app)
        #expect(try await signIn(tablet, alice, pds).status == .seeOther)
        #expect(try await signIn(tablet, bob, pds).status == .seeOther)
        return tablet
    }

    @Test func signingInWhileSignedInAddsAnAccountAndTheHeaderListsBoth() async throws {
        let pds = try FakePDS(accounts: [Self.alice, Self.bob])
        let app = try await AppHarness()
        let tablet = CookieJar(app)
        try await Self.signIn(tablet, Self.alice, pds)
        let first = try #require(tablet["sid"])
        let signedInHome = await tablet.get("/")
        #expect(signedInHome.text.contains("href=\"/signin\">Add account</a>"), "the menu offers to add an account")
        #expect(Self.switchTargets(signedInHome.text).isEmpty, "nobody else to switch to yet")
        #expect(!signedInHome.text.contains("Sign out of all"))
        let adding = await tablet.get("/signin").text
        #expect(adding.contains("<h1>Add an account</h1>") && adding.contains("<title>Add an account · GrainStories</title>"))
        #expect(await CookieJar(app).get("/signin").text.contains("<title>Sign in · GrainStories</title>"), "signed out it is the plain sign-in page")

        try await Self.signIn(tablet, Self.bob, pds)
        let both = try #require(tablet["sid"])
        #expect(both.split(separator: ".").count == 2)
        #expect(both.hasSuffix(first), "Alice's session id stays; Bob's is added as the current one")
        let home = await tablet.get("/")
        #expect(Self.current(home.text) == "bob.test")
        #expect(Self.switchTargets(home.text) == [Self.alice.did])
        #expect(home.text.contains("Sign out of all accounts"))
        // Signing everyone out asks first: the menu item only unfolds the confirming button.
        let allForm = try #require(home.text.range(of: "<input type=\"hidden\" name=\"all\" value=\"1\">"))
        let confirmation = try #require(home.text.range(of: "<details class=\"account-signout-all-confirm\">"))
        let question = try #require(home.text.range(of: "<summary class=\"account-menu-item account-signout-all\">Sign out of all accounts…</summary>"))
        #expect(confirmation.upperBound <= question.lowerBound && question.upperBound < allForm.lowerBound)
        #expect(home.text.contains(">Yes, sign out every account on this browser</button>"))
        #expect(try await app.sessions.find(cookieValue: first)?.did.rawValue == Self.alice.did, "Alice is still signed in")

        // Signing in as Alice again replaces her session only, and makes her current.
        try await Self.signIn(tablet, Self.alice, pds)
        let again = try #require(tablet["sid"]).split(separator: ".").map(String.init)
        #expect(again.count == 2)
        #expect(!again.contains(first), "Alice's old session id is gone")
        #expect(try await app.sessions.find(cookieValue: first) == nil)
        let afterwards = await tablet.get("/")
        #expect(Self.current(afterwards.text) == "alice.test")
        #expect(Self.switchTargets(afterwards.text) == [Self.bob.did])
        await app.shutdown()
        pds.stop()
    }

    @Test func switchingChangesTheCurrentAccountOnThisBrowserOnly() async throws {
        let pds = try FakePDS(accounts: [Self.alice, Self.bob])
        let app = try await AppHarness()
        let tablet = try await Self.tablet(app, pds)
        let laptop = CookieJar(app)
        try await Self.signIn(laptop, Self.bob, pds)

        let switched = try await Self.switchTo(tablet, Self.alice.did)
        #expect(switched.status == .seeOther)
        #expect(switched.headers["Location"] == "/")
        let cookie = try #require(switched.headers.values(for: "Set-Cookie").first { $0.hasPrefix("sid=") })
        #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax"))
        let home = await tablet.get("/")
        #expect(Self.current(home.text) == "alice.test")
        #expect(Self.switchTargets(home.text) == [Self.bob.did])
        #expect(Self.current(await laptop.get("/").text) == "bob.test", "Bob's other device is not switched")

        // What is posted now is Alice's, and stays hers when Bob is picked.
        let uploaded = try await Flow.upload(tablet, try Flow.photoWithGPS())
        let draftPath = try #require(uploaded.headers["Location"])
        #expect(try await app.drafts.find(try DraftID(checking: String(draftPath.dropFirst(8))))?.did.rawValue == Self.alice.did)
        #expect(await tablet.get(draftPath).status == .ok)
        #expect(try await Self.switchTo(tablet, Self.bob.did).status == .seeOther)
        #expect(Self.current(await tablet.get("/").text) == "bob.test")
        #expect(await tablet.get(draftPath).status == .notFound, "Bob cannot see Alice's draft")
        await app.shutdown()
        pds.stop()
    }

    @Test func seenStateBelongsToTheAccountPickedAndTheVisitorsCookieStaysApart() async throws {
        let pds = try FakePDS(accounts: [Self.alice, Self.bob])
        let app = try await AppHarness()
        let tablet = CookieJar(app)
        #expect(await tablet.get(Self.mayaStory).status == .ok)
        let visitorSeen = try #require(tablet["seen"], "a visitor's seen state is in the cookie")
        #expect(await tablet.get("/").text.contains(Self.mayaSeen))

        try await Self.signIn(tablet, Self.alice, pds)
        try await Self.signIn(tablet, Self.bob, pds)
        #expect(await tablet.get("/").text.contains(Self.mayaNew), "what the visitor saw is not Bob's")
        _ = await tablet.get(Self.mayaStory)
        #expect(tablet["seen"] == visitorSeen, "a signed-in person's views are not written into the browser's cookie")
        #expect(await tablet.get("/").text.contains(Self.mayaSeen), "Bob saw Maya's stories")

        #expect(try await Self.switchTo(tablet, Self.alice.did).status == .seeOther)
        #expect(await tablet.get("/").text.contains(Self.mayaNew), "Alice has not")
        #expect(try await Self.switchTo(tablet, Self.bob.did).status == .seeOther)
        #expect(await tablet.get("/").text.contains(Self.mayaSeen), "Bob's state is his, whichever was picked in between")

        let home = await tablet.get("/")
        #expect(await tablet.post("/signout", form: [("csrf", try #require(CookieJar.csrfToken(in: home.text))), ("all", "1")]).status == .seeOther)
        #expect(tablet["sid"] == nil)
        #expect(tablet["seen"] == visitorSeen)
        #expect(await tablet.get("/").text.contains(Self.mayaSeen), "signed out, the browser's own seen state is back")
        await app.shutdown()
        pds.stop()
    }

    /// A viewer opened for Bob and left open while Alice was picked in another tab
    /// reports what it shows as Bob's page: Alice's rings stay as they were, and Bob's
    /// too (he is not the one looking now).
    @Test func aViewerLeftOpenForOneAccountDoesNotMarkStoriesSeenForAnother() async throws {
        let pds = try FakePDS(accounts: [Self.alice, Self.bob])
        let app = try await AppHarness()
        let tablet = try await Self.tablet(app, pds)
        let page = await tablet.respond(.get, Self.mayaStory, headers: [("X-GrainStories-Fetch", "1")])
        #expect(page.text.contains("data-seen-by=\"\(Self.bob.did)\""), "the viewer says whom it was shown for")
        #expect(try await Self.switchTo(tablet, Self.alice.did).status == .seeOther)
        let report = { (by: String) in
            await tablet.respond(
                .post, "/seen", headers: [("Content-Type", "application/x-www-form-urlencoded"), ("X-GrainStories-Fetch", "1")],
                body: Array("did=did:plc:hbrpoigf3cbfnobm2o4rak3v&createdAt=2026-09-04T15:03:55.120Z&by=\(by)".utf8))
        }
        #expect(await report(Self.bob.did).status == .noContent)
        #expect(await tablet.get("/").text.contains(Self.mayaNew), "Bob's old page marked nothing seen for Alice")
        #expect(try await Self.switchTo(tablet, Self.bob.did).status == .seeOther)
        #expect(await tablet.get("/").text.contains(Self.mayaNew), "nor for Bob, who was not looking")
        #expect(try await Self.switchTo(tablet, Self.alice.did).status == .seeOther)
        #expect(await report(Self.alice.did).status == .noContent)
        #expect(await tablet.get("/").text.contains(Self.mayaSeen), "Alice's own page marks Maya's stories seen for her")
        await app.shutdown()
        pds.stop()
    }

    @Test func signingOutTheCurrentAccountLeavesTheOthersSignedIn() async throws {
        let pds = try FakePDS(accounts: [Self.alice, Self.bob])
        let app = try await AppHarness()
        let tablet = try await Self.tablet(app, pds)
        let ids = try #require(tablet["sid"]).split(separator: ".").map(String.init)
        let (bobID, aliceID) = (ids[0], ids[1])
        let home = await tablet.get("/")
        #expect(home.text.contains("Sign out @bob.test"))
        let out = await tablet.post("/signout", form: [("csrf", try #require(CookieJar.csrfToken(in: home.text)))])
        #expect(out.status == .seeOther)
        #expect(tablet["sid"] == aliceID, "only Alice's session id is left")
        #expect(pds.succeededCallCount("com.atproto.server.deleteSession") == 1, "Bob's session ended on the PDS")
        #expect(try await app.sessions.find(cookieValue: bobID) == nil)
        let after = await tablet.get("/")
        #expect(Self.current(after.text) == "alice.test", "Alice is the current account now")
        #expect(Self.switchTargets(after.text).isEmpty)
        #expect(Self.current(await app.respond(.get, "/", headers: [("Cookie", "sid=\(bobID)")]).text) == nil, "Bob's old id signs nobody in")

        let last = await tablet.post("/signout", form: [("csrf", try #require(CookieJar.csrfToken(in: after.text)))])
        #expect(last.status == .seeOther)
        #expect(tablet["sid"] == nil, "the last account out clears the cookie")
        #expect(Self.current(await tablet.get("/").text) == nil)
        await app.shutdown()
        pds.stop()
    }

    @Test func signingOutOfAllEndsEveryAccountOnThisBrowser() async throws {
        let pds = try FakePDS(accounts: [Self.alice, Self.bob])
        let app = try await AppHarness()
        let tablet = try await Self.tablet(app, pds)
        let ids = try #require(tablet["sid"]).split(separator: ".").map(String.init)
        let home = await tablet.get("/")
        #expect(await tablet.post("/signout", form: [("csrf", try #require(CookieJar.csrfToken(in: home.text))), ("all", "1")]).status == .seeOther)
        #expect(tablet["sid"] == nil)
        #expect(pds.succeededCallCount("com.atproto.server.deleteSession") == 2)
        for id in ids { #expect(try await app.sessions.find(cookieValue: id) == nil) }
        await app.shutdown()
        pds.stop()
    }

    @Test func switchingToAnAccountThisBrowserDoesNotHoldIsRefused() async throws {
        let pds = try FakePDS(accounts: [Self.alice, Self.bob])
        let app = try await AppHarness()
        let tablet = CookieJar(app)
        try await Self.signIn(tablet, Self.alice, pds)
        let aliceID = try #require(tablet["sid"])
        let laptop = CookieJar(app)
        try await Self.signIn(laptop, Self.bob, pds)
        let bobID = try #require(laptop["sid"])

        let refused = try await Self.switchTo(tablet, Self.bob.did)
        #expect(refused.status == .forbidden)
        #expect(refused.text.contains("not signed in on this browser"))
        #expect(refused.headers.values(for: "Set-Cookie").allSatisfy { !$0.hasPrefix("sid=") })

        // A cookie that names Bob's session by its hash (what the database holds), or by
        // anything but the id itself, holds nobody but Alice.
        let forgedIDs = [SessionStore.hash(bobID), String(SessionStore.hash(bobID).prefix(43)), String(repeating: "A", count: 43)]
        for forged in forgedIDs {
            let cookie = "sid=\(aliceID).\(forged)"
            let page = await app.respond(.get, "/", headers: [("Cookie", cookie)])
            #expect(Self.current(page.text) == "alice.test")
            #expect(Self.switchTargets(page.text).isEmpty, "\(forged)")
            let token = try #require(CookieJar.csrfToken(in: page.text))
            let attempt = await app.respond(
                .post, "/accounts/switch", headers: [("Cookie", cookie), ("Content-Type", "application/x-www-form-urlencoded")],
                body: Array("csrf=\(PercentEncodingForTests.encode(token))&did=\(PercentEncodingForTests.encode(Self.bob.did))".utf8))
            #expect(attempt.status == .forbidden, "\(forged)")
        }
        #expect(Self.current(await app.respond(.get, "/", headers: [("Cookie", "sid=\(SessionStore.hash(bobID))")]).text) == nil)
        #expect(Self.current(await tablet.get("/").text) == "alice.test")
        #expect(
            await tablet.post("/accounts/switch", form: [("csrf", try #require(CookieJar.csrfToken(in: await tablet.get("/").text))), ("did", "not-a-did")])
                .status == .badRequest)
        await app.shutdown()
        pds.stop()
    }

    @Test func aSwitchWithoutThisBrowsersFormTokenIsRefused() async throws {
        let pds = try FakePDS(accounts: [Self.alice, Self.bob])
        let app = try await AppHarness()
        let tablet = try await Self.tablet(app, pds)
        let bobsPage = await tablet.get("/")
        let bobsToken = try #require(CookieJar.csrfToken(in: bobsPage.text))
        let laptop = CookieJar(app)
        try await Self.signIn(laptop, Self.alice, pds)
        let othersToken = try #require(CookieJar.csrfToken(in: await laptop.get("/").text))
        for token in [nil, "", "forged", othersToken] as [String?] {
            var form = [("did", Self.alice.did)]
            if let token { form.append(("csrf", token)) }
            #expect(await tablet.post("/accounts/switch", form: form).status == .forbidden, "\(token ?? "nil")")
        }
        #expect(Self.current(await tablet.get("/").text) == "bob.test", "nothing was switched")

        // A form from a page shown while Bob was current is Bob's: after switching to
        // Alice (in another tab, say) it is refused instead of acting as her.
        #expect(try await Self.switchTo(tablet, Self.alice.did).status == .seeOther)
        #expect(await tablet.post("/signout", form: [("csrf", bobsToken)]).status == .forbidden)
        #expect(tablet["sid"]?.split(separator: ".").count == 2, "nobody was signed out")
        await app.shutdown()
        pds.stop()
    }

    @Test func atMostFiveAccountsShareABrowser() async throws {
        // A did:plc is 24 base32 letters.
        let people = (1...6).map { n in
            FakePDS.Account(
                handle: "person\(n).test", did: "did:plc:person" + String(repeating: "abcdef".map(String.init)[n - 1], count: 18),
                password: "person-\(n)-password")
        }
        let pds = try FakePDS(accounts: people)
        let app = try await AppHarness()
        let tablet = CookieJar(app)
        for person in people.prefix(5) { #expect(try await Self.signIn(tablet, person, pds).status == .seeOther) }
        #expect(tablet["sid"]?.split(separator: ".").count == SessionCookie.maxAccounts)
        let calls = pds.callCount("com.atproto.server.createSession")

        let sixth = try await Self.signIn(tablet, people[5], pds)
        #expect(sixth.status == .conflict)
        #expect(sixth.text.contains("Sign one of them out first"))
        #expect(pds.callCount("com.atproto.server.createSession") == calls, "the password was not sent anywhere")
        #expect(tablet["sid"]?.split(separator: ".").count == SessionCookie.maxAccounts)

        // One of the five signing in again is not a sixth account.
        #expect(try await Self.signIn(tablet, people[0], pds).status == .seeOther)
        let home = await tablet.get("/")
        #expect(Self.current(home.text) == "person1.test")
        #expect(Set(Self.switchTargets(home.text)) == Set(people[1..<5].map(\.did)))
        await app.shutdown()
        pds.stop()
    }

    @Test func theUploadGateAdmitsABrowserWithAnyOfItsAccountsSignedIn() async throws {
        let pds = try FakePDS(accounts: [Self.alice, Self.bob])
        let app = try await AppHarness()
        let tablet = try await Self.tablet(app, pds)
        let ids = try #require(tablet["sid"]).split(separator: ".").map(String.init)
        func admitted(_ cookie: String) -> Bool {
            let head = HTTPRequest(method: .post, target: "/stories/new", headers: HTTPHeaders([("Cookie", cookie), ("Content-Length", "1000")]))
            if case .accept = app.application.admitBody(of: head) { return true }
            return false
        }
        #expect(admitted("sid=\(ids.joined(separator: "."))"))
        #expect(admitted("sid=\(String(repeating: "A", count: 43)).\(ids[1])"), "a stale id first, Alice's after it")
        #expect(!admitted("sid=\(String(repeating: "A", count: 43))"))
        #expect(!admitted("sid=\(SessionStore.hash(ids[0]))"))
        let home = await tablet.get("/")
        _ = await tablet.post("/signout", form: [("csrf", try #require(CookieJar.csrfToken(in: home.text))), ("all", "1")])
        #expect(!admitted("sid=\(ids.joined(separator: "."))"), "both signed out")
        await app.shutdown()
        pds.stop()
    }
}
