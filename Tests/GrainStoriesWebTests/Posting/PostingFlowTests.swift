import ATProtoTestKit
import AppTestKit
import Foundation
import GrainSupport
import MicroHTTPServer
import PhotoPipeline
import PhotoTestKit
import Posting
import TestKit
import Testing

@testable import GrainStoriesWeb

/// Signing in, uploading, drafting, publishing and deleting through the application
/// (no socket for the app; the fake PDS is real HTTP).
@Suite struct PostingFlowTests {
    static let password = FakePDS.Account.alice.password

    static func photoWithGPS() throws -> [UInt8] {
        try SamplePhotos.portlandPhone()
    }

    /// Signs in through the form and returns the browser.
    static func signIn(_ app: AppHarness, _ pds: FakePDS, password: String = password) async throws -> (CookieJar, HTTPResponse) {
        let browser = CookieJar(app)
        let response = await browser.signIn(identifier: "alice.test", password: password, pds: pds.baseURL)
        return (browser, response)
    }

    static func upload(_ browser: CookieJar, _ photo: [UInt8], extraFile: Bool = false, csrf: String? = nil) async throws -> HTTPResponse {
        let page = await browser.get("/stories/new")
        let token = try #require(CookieJar.csrfToken(in: page.text))
        var body = MultipartBody(boundary: "----WebKitFormBoundaryGrainTest01").field("csrf", csrf ?? token)
            .file("photo", filename: "IMG_0001.JPG", contentType: "image/jpeg", photo)
        if extraFile { body = body.file("photo", filename: "second.jpg", contentType: "image/jpeg", photo) }
        return await browser.respond(
            .post, "/stories/new", headers: [("Content-Type", "multipart/form-data; boundary=----WebKitFormBoundaryGrainTest01")], body: body.bytes())
    }

    @Test func signInUploadDraftPostSeeAndDelete() async throws {
        let pds = try FakePDS()
        let nominatim = try StandInNominatim()
        let app = try await AppHarness(nominatimURL: nominatim.baseURL)
        let (browser, signedIn) = try await Self.signIn(app, pds)
        #expect(signedIn.status == .seeOther)
        let sid = try #require(browser["sid"])
        #expect(sid.utf8.count == 43)

        let home = await browser.get("/")
        #expect(home.text.contains("href=\"/stories/new\""))
        // Without JavaScript the form says what Continue does once a photo is chosen.
        #expect(await browser.get("/stories/new").text.contains("<noscript><p class=\"form-note upload-next\">After choosing a photo, press Continue"))
        #expect(home.text.contains("@alice.test"))

        let uploaded = try await Self.upload(browser, try Self.photoWithGPS())
        #expect(uploaded.status == .seeOther)
        let draftPath = try #require(uploaded.headers["Location"])
        #expect(draftPath.hasPrefix("/drafts/"))
        let draftPage = await browser.get(draftPath)
        #expect(draftPage.status == .ok)
        #expect(draftPage.text.contains("value=\"Powell&#39;s City of Books\""), "the suggested place comes from the photo's GPS")
        // Orientation 6 turned the 400 × 300 photo upright: 300 × 400.
        #expect(draftPage.text.contains("300 × 400 pixels"))
        let photo = await browser.get(draftPath + "/photo")
        #expect(photo.status == .ok)
        #expect(photo.headers["Content-Type"] == "image/jpeg")

        let token = try #require(CookieJar.csrfToken(in: draftPage.text))
        let posted = await browser.post(
            draftPath,
            form: [
                ("csrf", token), ("place_name", "Powell's City of Books"), ("warning", "nudity"), ("crosspost", "on"), ("action", "publish"),
            ])
        #expect(posted.status == .seeOther)
        #expect(await browser.get(draftPath).text.contains("Posting your story"))
        await app.publisher.runDue()
        let status = await browser.get(draftPath).text
        #expect(status.contains("Posted."))
        #expect(status.contains("<a href=\"/\">go back to the stories</a>"), "not a dead end")

        let stories = pds.records("social.grain.story")
        #expect(stories.count == 1)
        let story = try #require(stories.first)
        #expect(story.value["location"]?["name"]?.stringValue == "Powell's City of Books")
        #expect(story.value["location"]?["value"]?.stringValue == "8a28f0004a77fff")
        #expect(story.value["aspectRatio"]?["width"]?.integerValue == 300)
        #expect(story.value["labels"]?["values"]?[0]?["val"]?.stringValue == "nudity")
        #expect(pds.records("app.bsky.feed.post").count == 1)
        #expect(pds.records("social.grain.actor.profile").count == 1)

        // The new story shows at once, before the AppView knows it.
        let strip = await browser.get("/").text
        let firstAuthor = HTMLInspection.attributeValues("href", in: strip) { $0.contains("data-opens-viewer") }.first
        #expect(firstAuthor == "/stories/alice.test", "by handle")
        let viewer = await browser.get("/profile/\(story.did)/story/\(story.rkey)")
        #expect(viewer.status == .ok)
        #expect(viewer.text.contains("src=\"/local-photos/"))
        #expect(viewer.text.contains("aria-label=\"Delete this story\""))
        let localPhotoPath = try #require(
            viewer.text.range(of: "/local-photos/").map { "/local-photos/" + viewer.text[$0.upperBound...].prefix { $0 != "\"" } })
        let localPhoto = await browser.get(localPhotoPath)
        #expect(localPhoto.status == .ok)
        #expect(localPhoto.headers["Cache-Control"] == "private, max-age=600", "no shared cache keeps a photo its author may delete")
        let draftID = try #require(DraftID(String(localPhotoPath.dropFirst("/local-photos/".count))))
        let photoFile = app.draftPhotoPath(try #require(try await app.drafts.find(draftID)).id)
        #expect(FileManager.default.fileExists(atPath: photoFile))

        let confirm = await browser.get("/profile/\(story.did)/story/\(story.rkey)/delete")
        #expect(confirm.text.contains("Delete this story?"))
        let deleted = await browser.post(
            "/profile/\(story.did)/story/\(story.rkey)/delete", form: [("csrf", try #require(CookieJar.csrfToken(in: confirm.text)))])
        #expect(deleted.status == .seeOther)
        #expect(pds.records("social.grain.story").isEmpty)
        #expect(await browser.get("/profile/\(story.did)/story/\(story.rkey)").status == .notFound)
        #expect(!(await browser.get("/").text.contains("/stories/alice.test")))
        #expect(await browser.get(localPhotoPath).status == .notFound, "the local photo goes with the story")
        #expect(await CookieJar(app).get(localPhotoPath).status == .notFound)
        #expect(!FileManager.default.fileExists(atPath: photoFile))
        #expect(try await app.drafts.find(draftID) == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: app.dataDirectory + "/drafts").isEmpty)

        await app.shutdown()
        await nominatim.stop()
        pds.stop()
    }

    @Test func badUploadsGetAClearMessageAndA4xx() async throws {
        let pds = try FakePDS()
        let app = try await AppHarness()
        let (browser, _) = try await Self.signIn(app, pds)
        let tiff: [UInt8] = [0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0]
        let notJPEG = try await Self.upload(browser, tiff)
        #expect(notJPEG.status == .unsupportedMediaType)
        #expect(notJPEG.text.contains("TIFF"))
        let truncated = try await Self.upload(browser, Array(try Self.photoWithGPS().prefix(500)))
        #expect(truncated.status.code >= 400 && truncated.status.code < 500)
        #expect(truncated.text.contains("form-error"))
        let two = try await Self.upload(browser, try Self.photoWithGPS(), extraFile: true)
        #expect(two.status == .badRequest)
        #expect(two.text.contains("just one photo"))
        let forged = try await Self.upload(browser, try Self.photoWithGPS(), csrf: "forged")
        #expect(forged.status == .forbidden)
        // A form sent with the right token but no photo chosen (what a browser sends then).
        let token = try #require(CookieJar.csrfToken(in: await browser.get("/stories/new").text))
        let empty = await browser.respond(
            .post, "/stories/new", headers: [("Content-Type", "multipart/form-data; boundary=b")],
            body: MultipartBody(boundary: "b").field("csrf", token).file("photo", filename: "", contentType: "application/octet-stream", []).bytes())
        #expect(empty.status == .badRequest)
        #expect(empty.text.contains("Please choose a photo."))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: app.dataDirectory + "/uploads")
        #expect(leftovers.isEmpty, "uploads are removed after every attempt")
        await app.shutdown()
        pds.stop()
    }

    @Test func draftsBelongToTheirAuthor() async throws {
        let pds = try FakePDS(accounts: [.alice, .bob])
        let app = try await AppHarness()
        let (alice, _) = try await Self.signIn(app, pds)
        let draftPath = try #require(try await Self.upload(alice, try Self.photoWithGPS()).headers["Location"])
        let bob = CookieJar(app)
        let page = await bob.get("/signin")
        _ = await bob.post(
            "/signin",
            form: [
                ("csrf", try #require(CookieJar.csrfToken(in: page.text))), ("identifier", "bob.test"),
                ("password", FakePDS.Account.bob.password), ("pds", pds.baseURL),
            ])
        #expect(bob["sid"] != nil)
        #expect(await bob.get(draftPath).status == .notFound)
        #expect(await bob.get(draftPath + "/photo").status == .notFound)
        #expect(await CookieJar(app).get(draftPath).status == .seeOther, "signed out: off to sign in")
        await app.shutdown()
        pds.stop()
    }
}
