import ATProtoTestKit
import AppTestKit
import CurlHTTPClient
import Foundation
import GrainStoriesWeb
import GzipCompression
import HTTPTestKit
import MicroHTTPServer
import PhotoPipeline
import PhotoTestKit
import TestKit
import Testing

/// The foundation over real sockets: static files, traversal, headers, shutdown.
@Suite struct LiveFoundationTests {
    /// A copy of Public/ with a dotfile and a symlink that points outside it.
    static func hostilePublicDirectory() throws -> String {
        let directory = ProjectPaths.temporaryDirectory("public")
        let fileManager = FileManager.default
        for name in try fileManager.contentsOfDirectory(atPath: ProjectPaths.publicFiles) {
            try fileManager.copyItem(atPath: ProjectPaths.publicFiles + "/" + name, toPath: directory + "/" + name)
        }
        let outside = ProjectPaths.temporaryDirectory("outside")
        try "top secret".write(toFile: outside + "/secret.txt", atomically: true, encoding: .utf8)
        try "dot".write(toFile: directory + "/.env", atomically: true, encoding: .utf8)
        try fileManager.createSymbolicLink(atPath: directory + "/leak.txt", withDestinationPath: outside + "/secret.txt")
        return directory
    }

    private func withApp(_ body: (LiveApp) async throws -> Void) async throws {
        let appView = try StandInAppView(image: try JPEGEncoder.encode(TestImages.photoLike(width: 40, height: 40), quality: 80))
        let publicDirectory = try Self.hostilePublicDirectory()
        let app = try await LiveApp.start(appViewURL: appView.baseURL) { $0.publicDirectory = publicDirectory }
        do { try await body(app) } catch {
            await app.stop()
            await appView.stop()
            throw error
        }
        await app.stop()
        await appView.stop()
    }

    @Test func traversalDotfilesAndSymlinksAreRefused() async throws {
        try await withApp { (app: LiveApp) async throws in
            let attempts = [
                "/assets/../Package.swift", "/assets/%2e%2e/Package.swift", "/assets/%2E%2E%2FPackage.swift",
                "/assets/..%2fPackage.swift", "/assets/app.css%00.txt", "/assets/%00", "/assets/.env", "/assets/leak.txt",
                "/..%2f..%2fetc/passwd", "/assets/%5c..%5cPackage.swift",
            ]
            let port = app.server.port
            for target in attempts {
                let response = try await runOnDedicatedThread { () throws -> RawHTTPResponse in
                    let connection = try RawHTTPConnection(port: port)
                    defer { connection.close() }
                    try connection.send("GET \(target) HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
                    return try connection.readResponse()
                }
                #expect([400, 404].contains(response.status), "\(target) → \(response.status)")
                #expect(!String(decoding: response.body, as: UTF8.self).contains("top secret"), "\(target)")
                #expect(!String(decoding: response.body, as: UTF8.self).contains("swift-tools-version"), "\(target)")
            }
        }
    }

    @Test func headGzipAndEntityTagsWorkOverTheWire() async throws {
        try await withApp { (app: LiveApp) async throws in
            let get = try await app.request("/assets/app.css")
            let head = try await app.request("HEAD", "/assets/app.css")
            #expect(head.status == 200)
            #expect(head.body.isEmpty)
            #expect(head.headers["Content-Length"] != nil)
            #expect(head.headers["Content-Length"] == get.headers["Content-Length"])
            let etag = try #require(get.headers["ETag"])
            #expect(try await app.request("/assets/app.css", headers: [("If-None-Match", etag)]).status == 304)
            // curl decodes gzip itself; ask for it and check what arrived on the wire is smaller.
            let port = app.server.port
            let raw = try await runOnDedicatedThread { () throws -> RawHTTPResponse in
                let connection = try RawHTTPConnection(port: port)
                defer { connection.close() }
                try connection.send("GET /assets/app.css HTTP/1.1\r\nHost: localhost\r\nAccept-Encoding: gzip\r\nConnection: close\r\n\r\n")
                return try connection.readResponse()
            }
            #expect(raw.header("Content-Encoding") == "gzip")
            #expect(raw.body.count < get.body.count)
            #expect(try Gzip.decompress(raw.body) == get.body)
        }
    }

    @Test func securityHeadersArriveOnPagesErrorsAndFiles() async throws {
        try await withApp { (app: LiveApp) async throws in
            for path in ["/", "/healthz", "/missing", "/assets/stories.js", "/profile/x%zz"] {
                let response = try await app.request(path)
                #expect(response.headers["Content-Security-Policy"] == SecurityHeaders.contentSecurityPolicy, "\(path)")
                #expect(response.headers["X-Content-Type-Options"] == "nosniff", "\(path)")
                #expect(response.headers["Referrer-Policy"] == "same-origin", "\(path)")
            }
            let oversize = try await app.request(
                "POST", "/seen", headers: [("Content-Type", "application/x-www-form-urlencoded")], body: Array(repeating: 0x61, count: 41 * 1024 * 1024))
            #expect(oversize.status == 413)
            #expect(oversize.headers["Content-Security-Policy"] == SecurityHeaders.contentSecurityPolicy)
            #expect(oversize.headers["Content-Type"] == "text/html; charset=utf-8")
            #expect(oversize.text.contains("That is too large; the limit is 40 MB."), "the server's own 413 is the site's error page")
        }
    }

    /// Shutdown starts only once the photo request is provably in flight: the server has
    /// asked the (slow) AppView for the image and is waiting for it.
    @Test func shutdownFinishesARequestThatIsInFlight() async throws {
        let appView = try StandInAppView(image: try JPEGEncoder.encode(TestImages.photoLike(width: 40, height: 40), quality: 80))
        let app = try await LiveApp.start(appViewURL: appView.baseURL)
        let home = try await app.request("/").text
        let start = try #require(home.range(of: "src=\"/media/"))
        let path = "/media/" + home[start.upperBound...].prefix { $0 != "\"" }
        appView.setImageDelay(.milliseconds(800))
        let fetchesBefore = appView.imageRequestCount
        async let slow = app.request(path)
        #expect(await eventually(within: .seconds(20)) { appView.imageRequestCount > fetchesBefore }, "the photo request never reached the AppView")
        await app.server.shutdown(gracePeriod: .seconds(5))
        let response = try await slow
        #expect(response.status == 200)
        #expect(response.body == appView.image)
        await app.stop()
        await appView.stop()
    }
}
