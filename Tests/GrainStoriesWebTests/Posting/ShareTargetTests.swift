import ATProtoTestKit
import AppTestKit
import Foundation
import GrainSupport
import ImageTestKit
import MicroHTTPServer
import PhotoPipeline
import PhotoTestKit
import Posting
import TestKit
import Testing

@testable import GrainStoriesWeb

/// A photo shared into the installed app (the manifest's share target, `POST /share`),
/// sent as Chromium sends the share sheet's navigation: signed in it becomes a draft at
/// once, signed out it waits for the sign-in and then does; several photos give a draft
/// of the first and say so; what is not a photo, too much, or sent by another site is
/// refused; and nothing reaches the PDS until the draft page's own form says Post.
@Suite struct ShareTargetTests {
    static let boundary = "----WebKitFormBoundaryShareTarget7"

    /// The headers of Chromium's share-target navigation: started by the browser itself.
    static let fromTheShareSheet: [(String, String)] = [
        ("Content-Type", "multipart/form-data; boundary=\(boundary)"), ("Origin", "null"), ("Sec-Fetch-Site", "none"),
        ("Sec-Fetch-Mode", "navigate"), ("Sec-Fetch-Dest", "document"),
    ]

    static func share(_ files: [(String, [UInt8])], text: String? = nil) -> [UInt8] {
        var body = MultipartBody(boundary: boundary)
        if let text { body = body.field("text", text) }
        for (name, bytes) in files { body = body.file("photo", filename: name, contentType: "image/jpeg", bytes) }
        return body.bytes()
    }

    static func post(_ browser: CookieJar, _ body: [UInt8], headers: [(String, String)] = fromTheShareSheet) async -> HTTPResponse {
        await browser.respond(.post, "/share", headers: headers, body: body)
    }

    static func photo() throws -> [UInt8] { try SamplePhotos.portlandPhone() }

    static func signIn(_ browser: CookieJar, _ pds: FakePDS, next: String? = nil) async -> HTTPResponse {
        let page = await browser.get(next.map { "/signin?next=" + PercentEncodingForTests.encode($0) } ?? "/signin")
        var form = [
            ("csrf", CookieJar.csrfToken(in: page.text) ?? ""), ("identifier", "alice.test"), ("password", FakePDS.Account.alice.password),
            ("pds", pds.baseURL),
        ]
        if let next { form.append(("next", next)) }
        return await browser.post("/signin", form: form)
    }

    /// Files the uploads directory still holds (parked shares live there; nothing else may).
    static func uploads(_ app: AppHarness) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: app.data.uploads)
    }

    @Test func aPhotoSharedWhileSignedInIsADraftAndReachesThePDSOnlyOncePostIsPressed() async throws {
        let pds = try FakePDS()
        let app = try await AppHarness()
        let browser = CookieJar(app)
        _ = await Self.signIn(browser, pds)
        let shared = await Self.post(browser, Self.share([("IMG_0042.JPG", try Self.photo())], text: "look"))
        #expect(shared.status == .seeOther)
        let draftPath = try #require(shared.headers["Location"])
        #expect(draftPath.range(of: #"^/drafts/[A-Za-z0-9_-]+$"#, options: .regularExpression) != nil, "\(draftPath)")
        let draft = await browser.get(draftPath)
        #expect(draft.status == .ok && draft.text.contains("300 × 400 pixels"), "the photo prepared, upright")
        #expect(await browser.get(draftPath + "/photo").headers["Content-Type"] == "image/jpeg")
        #expect(try Self.uploads(app).isEmpty, "the upload's scratch file is gone")

        // Nothing is written to the PDS by the share, however long the publisher runs.
        await app.publisher.runDue()
        #expect(pds.blobs().isEmpty && pds.records("social.grain.story").isEmpty)
        // The draft page's own form (with this site's token) is what posts it.
        let token = try #require(CookieJar.csrfToken(in: draft.text))
        let forged = await browser.post(draftPath, form: [("action", "publish")])
        #expect(forged.status == .forbidden, "Post without the page's token is refused")
        await app.publisher.runDue()
        #expect(pds.records("social.grain.story").isEmpty)
        let posted = await browser.post(draftPath, form: [("csrf", token), ("no_place", "on"), ("action", "publish")])
        #expect(posted.status == .seeOther)
        await app.publisher.runDue()
        #expect(pds.records("social.grain.story").count == 1 && pds.blobs().count == 1)
        await app.shutdown()
        pds.stop()
    }

    @Test func severalPhotosGiveADraftOfTheFirstAndTheDraftPageSaysSo() async throws {
        let pds = try FakePDS()
        let app = try await AppHarness()
        let browser = CookieJar(app)
        _ = await Self.signIn(browser, pds)
        let landscape = try JPEGEncoder.encode(TestImages.photoLike(width: 320, height: 200), quality: 85)
        let shared = await Self.post(browser, Self.share([("first.jpg", landscape), ("second.jpg", try Self.photo()), ("third.jpg", try Self.photo())]))
        #expect(shared.status == .seeOther)
        let location = try #require(shared.headers["Location"])
        #expect(location.hasSuffix("?done=shared-first"), "\(location)")
        let page = await browser.get(location)
        #expect(page.text.contains("320 × 200 pixels"), "the first photo")
        #expect(page.text.contains("You shared several photos: this draft is the first of them."))
        #expect(try await app.drafts.usage(of: FakePDS.Account.alice.typedDID).drafts == 1, "one draft, not three")
        #expect(try Self.uploads(app).isEmpty, "the others are not kept")
        await app.shutdown()
        pds.stop()
    }

    @Test func whatIsNotAPhotoOrNothingAtAllIsRefusedWithAMessage() async throws {
        let pds = try FakePDS()
        let app = try await AppHarness()
        let browser = CookieJar(app)
        _ = await Self.signIn(browser, pds)
        let pdf = await Self.post(browser, Self.share([("menu.pdf", Array("%PDF-1.7\n".utf8))]))
        #expect(pdf.status == .unsupportedMediaType && pdf.text.contains("PDF"))
        #expect(pdf.text.contains("Choose a photo"), "the new-story form, to choose one instead")
        let empty = await Self.post(browser, MultipartBody(boundary: Self.boundary).field("text", "hello").bytes())
        #expect(empty.status == .badRequest && empty.text.contains("Nothing came with the share"))
        #expect(try await app.drafts.usage(of: FakePDS.Account.alice.typedDID).drafts == 0)
        #expect(try Self.uploads(app).isEmpty)
        await app.shutdown()
        pds.stop()
    }

    /// Another site cannot hand the server a photo in the visitor's name: its post says
    /// where it came from (Fetch Metadata, Origin), and is refused, signed in or not.
    @Test func aShareFromAnotherSiteIsRefusedSignedInOrNot() async throws {
        let pds = try FakePDS()
        let app = try await AppHarness()
        let signedIn = CookieJar(app)
        _ = await Self.signIn(signedIn, pds)
        let visitor = CookieJar(app)
        let type = ("Content-Type", "multipart/form-data; boundary=\(Self.boundary)")
        let forgeries: [[(String, String)]] = [
            [type, ("Origin", "https://evil.example"), ("Sec-Fetch-Site", "cross-site"), ("Sec-Fetch-Mode", "navigate")],
            [type, ("Sec-Fetch-Site", "same-site"), ("Origin", "http://127.0.0.1:9999")],
            [type, ("Origin", "https://evil.example")],
            [type, ("Origin", "null")],
            [type],
        ]
        let body = Self.share([("IMG.jpg", try Self.photo())])
        for headers in forgeries {
            for browser in [signedIn, visitor] {
                let refused = await Self.post(browser, body, headers: headers)
                #expect(refused.status == .forbidden, "\(headers)")
                #expect(refused.text.contains("sent by another website"))
                #expect(refused.headers.values(for: "Set-Cookie").allSatisfy { !$0.hasPrefix("share=") }, "nothing parked")
            }
        }
        #expect(try await app.drafts.usage(of: FakePDS.Account.alice.typedDID).drafts == 0)
        #expect(try Self.uploads(app).isEmpty)
        // A page of this site (an older browser without Fetch Metadata) is believed by its Origin.
        let ours = await Self.post(signedIn, body, headers: [type, ("Host", "stories.lan"), ("Origin", "http://stories.lan")])
        #expect(ours.status == .seeOther && ours.headers["Location"]?.hasPrefix("/drafts/") == true)
        await app.shutdown()
        pds.stop()
    }

    /// Signed out, the share waits while the person signs in (the page says why), and
    /// then lands on the draft, nothing lost; the browser's share cookie is cleared.
    @Test func aPhotoSharedWhileSignedOutBecomesTheDraftRightAfterSigningIn() async throws {
        let pds = try FakePDS()
        let app = try await AppHarness()
        let browser = CookieJar(app, remoteAddress: "192.0.2.10")
        let shared = await Self.post(browser, Self.share([("IMG_0042.JPG", try Self.photo()), ("IMG_0043.JPG", try Self.photo())]))
        #expect(shared.status == .seeOther)
        let signIn = try #require(shared.headers["Location"])
        #expect(signIn == "/signin?reason=share&next=%2Fshare")
        #expect(browser["share"]?.utf8.count == 43, "the browser holds the key to its photo")
        #expect(try Self.uploads(app).count == 1, "the first photo waits; the second is not kept")
        #expect(pds.blobs().isEmpty)
        let page = await browser.get(signIn)
        #expect(page.text.contains("Sign in to post the photo you shared"))
        #expect(page.text.contains(#"name="next" value="/share""#))

        // Coming back to /share before signing in only asks again.
        let early = await browser.get("/share")
        #expect(early.status == .seeOther && early.headers["Location"] == signIn)

        let signedIn = await Self.signIn(browser, pds, next: "/share")
        #expect(signedIn.headers["Location"] == "/share")
        let landed = await browser.get("/share")
        #expect(landed.status == .seeOther)
        let draftPath = try #require(landed.headers["Location"])
        #expect(draftPath.hasPrefix("/drafts/") && draftPath.hasSuffix("?done=shared-first"), "\(draftPath)")
        #expect(landed.headers.values(for: "Set-Cookie").contains { $0.hasPrefix("share=;") && $0.contains("Max-Age=0") })
        #expect(await browser.get(draftPath).text.contains("300 × 400 pixels"))
        #expect(try Self.uploads(app).isEmpty, "taken: nothing waits any more")
        #expect(pds.blobs().isEmpty && pds.records("social.grain.story").isEmpty, "a draft, not a story")

        // Once taken, /share has nothing more to give.
        let again = await browser.get("/share")
        #expect(again.headers["Location"] == "/stories/new?done=shared-gone")
        #expect(try await app.drafts.usage(of: FakePDS.Account.alice.typedDID).drafts == 1)
        await app.shutdown()
        pds.stop()
    }

    @Test func signedOutWhatIsNotAPhotoIsRefusedBeforeSigningIn() async throws {
        let app = try await AppHarness()
        let browser = CookieJar(app)
        let refused = await Self.post(browser, Self.share([("clip.mp4", [0, 0, 0, 0x18] + Array("ftypmp42".utf8) + [0, 0, 0, 0] + Array("mp42isom".utf8))]))
        #expect(refused.status == .unsupportedMediaType)
        #expect(refused.text.contains("video"))
        let waiting = try Self.uploads(app)
        #expect(browser["share"] == nil && waiting.isEmpty, "nothing waits")
        await app.shutdown()
    }

    /// A browser keeps one photo waiting (a new share replaces it), and one client address
    /// at most two: past that the share is refused with what to do instead.
    @Test func photosWaitingForASignInAreBoundedPerBrowserAndPerAddress() async throws {
        let app = try await AppHarness()
        let photo = Self.share([("IMG.jpg", try Self.photo())])
        let first = CookieJar(app, remoteAddress: "192.0.2.20")
        #expect(await Self.post(first, photo).status == .seeOther)
        let key = first["share"]
        #expect(await Self.post(first, photo).status == .seeOther)
        #expect(first["share"] == key, "the same browser, the same key")
        #expect(try Self.uploads(app).count == 1, "its new photo replaced the old one")
        let second = CookieJar(app, remoteAddress: "192.0.2.20")
        #expect(await Self.post(second, photo).status == .seeOther)
        let third = CookieJar(app, remoteAddress: "192.0.2.20")
        let refused = await Self.post(third, photo)
        #expect(refused.status == .tooManyRequests && refused.text.contains("sign in on this site first"))
        #expect(third["share"] == nil)
        let elsewhere = CookieJar(app, remoteAddress: "198.51.100.4")
        #expect(await Self.post(elsewhere, photo).status == .seeOther, "another address is not held back")
        #expect(try Self.uploads(app).count == 3)
        await app.shutdown()
    }

    /// The draft quota holds for shares too, checked before the photo is even read.
    @Test func aShareIntoAFullAccountIsRefusedByTheDraftQuota() async throws {
        let pds = try FakePDS()
        let app = try await AppHarness { $0.maxDraftsPerAccount = 1 }
        let browser = CookieJar(app)
        _ = await Self.signIn(browser, pds)
        #expect(await Self.post(browser, Self.share([("a.jpg", try Self.photo())])).status == .seeOther)
        let full = await Self.post(browser, Self.share([("b.jpg", try Self.photo())]))
        #expect(full.status == .tooManyRequests, "\(full.status)")
        #expect(full.text.contains("You already have 1 drafts"))
        #expect(try await app.drafts.usage(of: FakePDS.Account.alice.typedDID).drafts == 1)
        #expect(try Self.uploads(app).isEmpty)
        await app.shutdown()
        pds.stop()
    }

    /// The body limit holds for a share as for "+", decided from the head before a byte
    /// of the body is stored: exactly the limit is read, one byte more is 413. A signed-in
    /// share's spool space counts against the account (as an upload's does); another
    /// site's share is refused from its head.
    @Test func aShareIsHeldToTheBodyLimitAndItsAccountsSpoolShareFromItsHead() async throws {
        let pds = try FakePDS()
        let app = try await AppHarness()
        let browser = CookieJar(app)
        _ = await Self.signIn(browser, pds)
        let cookie = "sid=\(try #require(browser["sid"]))"
        let limit = app.configuration.maxBodyBytes
        func admission(_ length: Int, _ headers: [(String, String)], cookie: String? = nil) -> BodyAdmission {
            var all = headers + [("Content-Length", String(length))]
            if let cookie { all.append(("Cookie", cookie)) }
            return app.application.admitBody(of: HTTPRequest(method: .post, target: "/share", headers: HTTPHeaders(all)))
        }
        switch admission(limit, Self.fromTheShareSheet, cookie: cookie) {
        case .accept(let maxBytes, _, let account):
            #expect(maxBytes == limit)
            #expect(account == FakePDS.Account.alice.did, "the spool share is the account's")
        case .refuse(let response): Issue.record("a share of exactly the limit was refused: \(response.status.code)")
        }
        switch admission(limit, Self.fromTheShareSheet) {
        case .accept(_, _, let account): #expect(account == nil, "signed out: the client address's share alone")
        case .refuse(let response): Issue.record("a signed-out share was refused from its head: \(response.status.code)")
        }
        switch admission(limit + 1, Self.fromTheShareSheet, cookie: cookie) {
        case .accept: Issue.record("a share one byte over the limit was admitted")
        case .refuse(let response): #expect(response.status == .contentTooLarge)
        }
        let crossSite = [("Content-Type", "multipart/form-data; boundary=x"), ("Origin", "https://evil.example"), ("Sec-Fetch-Site", "cross-site")]
        switch admission(1000, crossSite, cookie: cookie) {
        case .accept: Issue.record("another site's share was admitted")
        case .refuse(let response): #expect(response.status == .forbidden)
        }
        await app.shutdown()
        pds.stop()
    }
}
