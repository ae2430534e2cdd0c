import ATProtoTestKit
import AppTestKit
import CurlHTTPClient
import Foundation
import GrainStoriesWeb
import GrainSupport
import PhotoPipeline
import PhotoTestKit
import Testing

/// The body limit on the upload route itself, over a real socket: a body above
/// `--max-body-bytes` (40 MiB) sent to `/stories/new` gets the site's 413 page before
/// it is read, and nothing of it stays in the data directory.
@Suite struct UploadLimitTests {
    @Test func aBodyAboveTheLimitPostedToTheUploadRouteGets413() async throws {
        let appView = try StandInAppView(image: try JPEGEncoder.encode(TestImages.photoLike(width: 40, height: 40), quality: 80))
        let app = try await LiveApp.start(appViewURL: appView.baseURL)
        let boundary = "----WebKitFormBoundaryGrainLimit01"
        let head = "--\(boundary)\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"huge.jpg\"\r\nContent-Type: image/jpeg\r\n\r\n"
        let body = Array(head.utf8) + Array(repeating: 0xA5, count: 41 * 1024 * 1024) + Array("\r\n--\(boundary)--\r\n".utf8)
        #expect(body.count > app.configuration.maxBodyBytes)
        let response = try await app.request(
            "POST", "/stories/new", headers: [("Content-Type", "multipart/form-data; boundary=\(boundary)")], body: body)
        #expect(response.status == 413)
        #expect(response.text.contains("That is too large"))
        for directory in [app.data.uploads, app.data.temporary, app.data.drafts] {
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty, "\(directory) is empty")
        }
        await app.stop()
        await appView.stop()
    }
}
