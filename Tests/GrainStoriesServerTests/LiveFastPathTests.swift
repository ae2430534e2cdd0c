import ATProtoTestKit
import AppTestKit
import CurlHTTPClient
import Foundation
import GrainStoriesWeb
import LoggingTestKit
import Testing

/// Over real HTTP: what needs no waiting is answered on the server's thread (counted by
/// `Application.immediateAnswerCount`, never timed), and cached photos come from their
/// file with the right length, entity tag and ranges.
@Suite struct LiveFastPathTests {
    /// The first image path on the home page, fetched once so it is in the cache.
    static func cachedImagePath(_ app: LiveApp) async throws -> String {
        let home = try await app.request("/").text
        let start = try #require(home.range(of: "src=\"/media/"))
        let path = "/media/" + home[start.upperBound...].prefix { $0 != "\"" }
        #expect(try await app.request(path).status == 200)
        return path
    }

    @Test func aCachedPhotoIsSentFromItsFileOnTheServersThread() async throws {
        try await LiveViewingTests.withServer { (app: LiveApp, appView: StandInAppView) async throws in
            let path = try await Self.cachedImagePath(app)
            let image = appView.image
            let counter = app.application
            let before = counter.immediateAnswerCount
            let whole = try await app.request(path)
            #expect(counter.immediateAnswerCount == before + 1)
            #expect(whole.status == 200)
            #expect(whole.body == image)
            #expect(whole.headers["Content-Length"] == "\(image.count)")
            #expect(whole.headers["Accept-Ranges"] == "bytes")
            #expect(whole.headers["Content-Type"] == "image/jpeg")
            let etag = try #require(whole.headers["ETag"])
            let notModified = try await app.request(path, headers: [("If-None-Match", etag)])
            #expect(notModified.status == 304)
            #expect(notModified.body.isEmpty)
            #expect(notModified.headers["ETag"] == etag)
            #expect(counter.immediateAnswerCount == before + 2)
            #expect(appView.imageRequestCount == 1)
        }
    }

    @Test func rangesOfACachedPhoto() async throws {
        try await LiveViewingTests.withServer { (app: LiveApp, appView: StandInAppView) async throws in
            let path = try await Self.cachedImagePath(app)
            let image = appView.image
            let size = image.count
            let etag = try #require(try await app.request(path).headers["ETag"])
            for (range, offset, length) in [
                ("bytes=0-99", 0, 100), ("bytes=100-", 100, size - 100), ("bytes=-50", size - 50, 50), ("bytes=10-\(size * 2)", 10, size - 10),
            ] {
                let part = try await app.request(path, headers: [("Range", range)])
                #expect(part.status == 206, "\(range)")
                #expect(part.body == Array(image[offset..<offset + length]), "\(range)")
                #expect(part.headers["Content-Length"] == "\(length)", "\(range)")
                #expect(part.headers["Content-Range"] == "bytes \(offset)-\(offset + length - 1)/\(size)", "\(range)")
                #expect(part.headers["ETag"] == etag, "\(range)")
            }
            let outside = try await app.request(path, headers: [("Range", "bytes=\(size)-")])
            #expect(outside.status == 416)
            #expect(outside.headers["Content-Range"] == "bytes */\(size)")
            // Several ranges, or a range for another version of the file: the whole file.
            for headers in [[("Range", "bytes=0-1,5-6")], [("Range", "bytes=0-9"), ("If-Range", "\"another-version\"")]] {
                let whole = try await app.request(path, headers: headers)
                #expect(whole.status == 200, "\(headers)")
                #expect(whole.body == image, "\(headers)")
                #expect(whole.headers["Content-Range"] == nil, "\(headers)")
            }
            let matching = try await app.request(path, headers: [("Range", "bytes=0-9"), ("If-Range", etag)])
            #expect(matching.status == 206)
            #expect(matching.body == Array(image[0..<10]))
            // A matching entity tag wins over a range: nothing to send.
            #expect(try await app.request(path, headers: [("Range", "bytes=0-9"), ("If-None-Match", etag)]).status == 304)
            let head = try await app.request("HEAD", path, headers: [("Range", "bytes=0-9")])
            #expect(head.status == 200)
            #expect(head.headers["Content-Length"] == "\(size)")
            #expect(head.body.isEmpty)
        }
    }

    @Test func theHomePageIsAnsweredOnTheServersThreadOnceTheStripIsCached() async throws {
        try await LiveViewingTests.withServer { (app: LiveApp, _: StandInAppView) async throws in
            let counter = app.application
            let first = try await app.request("/")
            let before = counter.immediateAnswerCount
            let second = try await app.request("/")
            #expect(counter.immediateAnswerCount == before + 1)
            #expect(second.status == 200)
            #expect(second.body == first.body)
            for name in ["Content-Type", "Cache-Control", "Content-Security-Policy", "X-Frame-Options"] {
                #expect(second.headers[name] == first.headers[name], "\(name)")
            }
            #expect(try await app.request("/healthz").status == 200)
            #expect(counter.immediateAnswerCount == before + 2)
        }
    }

    @Test func theAccessLogHasALineForEveryAnswerOnEitherPath() async throws {
        try await LiveViewingTests.withServer { (app: LiveApp, _: StandInAppView) async throws in
            let path = try await Self.cachedImagePath(app)
            let counted = app.logs.lines.filter { $0.contains(" info request ") }.count
            _ = try await app.request("/")
            _ = try await app.request(path, headers: [("Range", "bytes=0-9")])
            _ = try await app.request("/healthz")
            let lines = app.logs.lines.filter { $0.contains(" info request ") }.dropFirst(counted)
            #expect(lines.count == 3)
            let fields = lines.map { line in line.split(separator: " ").dropFirst(3).map(String.init) }
            #expect(fields.map { $0.first { $0.hasPrefix("path=") } } == ["path=/", "path=\(path)", "path=/healthz"])
            #expect(fields.map { $0.first { $0.hasPrefix("status=") } } == ["status=200", "status=206", "status=200"])
            #expect(fields[1].contains("bytes=10"))
            #expect(fields.allSatisfy { $0.contains { $0.hasPrefix("ms=") } && $0.contains { $0.hasPrefix("id=") } })
        }
    }
}
