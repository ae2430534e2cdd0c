import ATProtoTestKit
import AppTestKit
import Foundation
import MicroHTTPServer
import Posting
import TestKit
import Testing

@testable import GrainStoriesWeb

/// The steps the per-format upload tests share: sending a file through the real form as
/// a browser does, publishing the draft it became, and what the uploads folder kept.
enum PhotoUploadSteps {
    /// Posts `bytes` as the form's `photo` field, named and typed as a browser would.
    static func upload(_ browser: CookieJar, _ bytes: [UInt8], name: String, type: String) async throws -> HTTPResponse {
        let page = await browser.get("/stories/new")
        let token = try #require(CookieJar.csrfToken(in: page.text))
        let boundary = "----WebKitFormBoundaryGrainPhoto1"
        let body = MultipartBody(boundary: boundary).field("csrf", token).file("photo", filename: name, contentType: type, bytes)
        return await browser.respond(
            .post, "/stories/new", headers: [("Content-Type", "multipart/form-data; boundary=\(boundary)")], body: body.bytes())
    }

    /// Publishes the draft at `draftPath`, runs the publisher and returns the blob the PDS got.
    static func publish(_ browser: CookieJar, _ app: AppHarness, _ pds: FakePDS, draftPath: String) async throws -> [UInt8] {
        let draftPage = await browser.get(draftPath)
        let token = try #require(CookieJar.csrfToken(in: draftPage.text))
        let posted = await browser.post(draftPath, form: [("csrf", token), ("action", "publish")])
        #expect(posted.status == .seeOther)
        await app.publisher.runDue()
        #expect(await browser.get(draftPath).text.contains("Posted."))
        return try #require(pds.blobs().first).bytes
    }

    /// Uploads a damaged `bytes` and expects it refused with 400 and a message naming
    /// `format`, and nothing left in the uploads folder afterwards.
    static func expectRefusedAsDamaged(
        _ browser: CookieJar, _ app: AppHarness, _ bytes: [UInt8], name: String, type: String, format: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let damaged = try await upload(browser, bytes, name: name, type: type)
        #expect(damaged.status == .badRequest, sourceLocation: sourceLocation)
        #expect(damaged.text.contains("This \(format) is damaged"), sourceLocation: sourceLocation)
        #expect(try leftovers(app).isEmpty, "uploads are removed after every attempt", sourceLocation: sourceLocation)
    }

    /// What is left in the data directory's uploads folder.
    static func leftovers(_ app: AppHarness) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: app.dataDirectory + "/uploads")
    }
}
