import ATProtoTestKit
import AppTestKit
import CurlHTTPClient
import Foundation
import GrainStoriesWeb
import GrainSupport
import HTTPFields
import Testing

/// Over real HTTP: a cached photo asked for whole is prepared once with its file held
/// open (`MediaHandler`), so it is still sent, whole and with every field, after its file
/// is gone from the directory; ranges and validators still get their own answers.
@Suite struct LivePreparedMediaTests {
    @Test func aCachedPhotoAskedForWholeIsSentFromTheFileItHoldsOpen() async throws {
        try await LiveViewingTests.withServer { (app: LiveApp, appView: StandInAppView) async throws in
            let path = try await LiveFastPathTests.cachedImagePath(app)
            let image = appView.image
            let first = try await app.request(path)
            #expect(first.status == 200 && first.body == image)
            // Unlinked, the file lives on only in descriptors still open.
            let media = app.root.data.media
            let files = try FileManager.default.contentsOfDirectory(atPath: media)
            #expect(!files.isEmpty)
            for name in files { try FileManager.default.removeItem(atPath: media + "/" + name) }

            for _ in 0..<3 {
                let again = try await app.request(path)
                #expect(again.status == 200)
                #expect(again.body == image)
                #expect(again.headers["Content-Length"] == "\(image.count)")
                #expect(again.headers["Content-Type"] == "image/jpeg")
                #expect(again.headers["Accept-Ranges"] == "bytes")
                #expect(again.headers["Cache-Control"] == "public, max-age=31536000, immutable")
                #expect(again.headers["ETag"] == first.headers["ETag"])
                #expect(again.headers["Content-Security-Policy"] == first.headers["Content-Security-Policy"])
                #expect(again.headers["X-Frame-Options"] == "DENY")
            }
            let head = try await app.request("HEAD", path)
            #expect(head.status == 200)
            #expect(head.headers["Content-Length"] == "\(image.count)")
            #expect(head.body.isEmpty)
            let etag = try #require(first.headers["ETag"])
            #expect(try await app.request(path, headers: [("If-None-Match", etag)]).status == 304)
            #expect(appView.imageRequestCount == 1)
        }
    }
}
