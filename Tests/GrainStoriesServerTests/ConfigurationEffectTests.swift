import ATProtoTestKit
import AppTestKit
import CurlHTTPClient
import Foundation
import GrainStoriesWeb
import GrainSupport
import HTTPTestKit
import MicroHTTPServer
import PhotoPipeline
import PhotoTestKit
import TestKit
import Testing

/// Every option is read the way `serve` reads it (flags → `AppConfiguration.load` →
/// `GrainStoriesApp.build` → `makeServer`), and each one visibly changes what the server does.
@Suite struct ConfigurationEffectTests {
    // MARK: Helpers

    /// The flags every test here needs (a local address, stand-ins on 127.0.0.1, no real
    /// Nominatim), then the test's own flags, which win because they come later.
    static func load(_ flags: [String], appView: StandInAppView, environment: [String: String] = [:]) throws -> AppConfiguration {
        let base = [
            "--host", "127.0.0.1", "--port", "0", "--data-dir", ProjectPaths.temporaryDirectory("config"),
            "--templates-dir", ProjectPaths.templates, "--public-dir", ProjectPaths.publicFiles,
            "--insecure-hosts", "127.0.0.1", "--appview-url", appView.baseURL, "--appview-timeout", "2",
            "--nominatim-url", "", "--strict-templates", "true",
            "--plc-url", TestIdentityDirectory.shared.plcURL, "--handle-resolver-url", TestIdentityDirectory.shared.resolverURL,
        ]
        guard case .run(let configuration) = try AppConfiguration.load(arguments: base + flags, environment: environment) else {
            throw ConfigurationError("expected a configuration, got help")
        }
        return configuration
    }

    /// Runs `body` against a live server started from `flags`, then stops everything.
    static func withServer(
        _ flags: [String], environment: [String: String] = [:], image: [UInt8]? = nil,
        _ body: (LiveApp, StandInAppView) async throws -> Void
    ) async throws {
        let appView = try StandInAppView(image: try image ?? JPEGEncoder.encode(TestImages.photoLike(width: 40, height: 40), quality: 80))
        let configuration: AppConfiguration
        do { configuration = try load(flags, appView: appView, environment: environment) } catch {
            await appView.stop()
            throw error
        }
        let app: LiveApp
        do { app = try await LiveApp.start(appViewURL: appView.baseURL) { $0 = configuration } } catch {
            await appView.stop()
            throw error
        }
        do { try await body(app, appView) } catch {
            await app.stop()
            await appView.stop()
            throw error
        }
        await app.stop()
        await appView.stop()
    }

    /// Signs alice in through the form; returns the browser holding her session.
    static func signIn(_ app: LiveApp, _ pds: FakePDS) async throws -> HTTPBrowser {
        let browser = HTTPBrowser(baseURL: app.baseURL)
        let page = try await browser.get("/signin")
        let token = try #require(CookieJar.csrfToken(in: page.text))
        let response = try await browser.postForm(
            "/signin",
            [
                ("csrf", token), ("identifier", "alice.test"), ("password", FakePDS.Account.alice.password), ("pds", pds.baseURL),
            ])
        #expect(response.status == 303, "signed in")
        return browser
    }

    /// Uploads `photo` through the new-story form.
    static func upload(_ browser: HTTPBrowser, _ photo: [UInt8]) async throws -> HTTPClientResponse {
        let page = try await browser.get("/stories/new")
        let token = try #require(CookieJar.csrfToken(in: page.text))
        return try await browser.postMultipart("/stories/new", fields: [("csrf", token)], file: (name: "photo", filename: "IMG_0001.JPG", bytes: photo))
    }

    /// The prepared photo of an upload that made a draft.
    static func preparedPhoto(_ browser: HTTPBrowser, _ uploaded: HTTPClientResponse) async throws -> [UInt8] {
        #expect(uploaded.status == 303, "\(uploaded.status): \(uploaded.text.prefix(300))")
        let draft = try #require(uploaded.headers["Location"])
        #expect(draft.hasPrefix("/drafts/"))
        let photo = try await browser.get(draft + "/photo")
        #expect(photo.status == 200)
        return photo.body
    }

    /// Signs in, uploads `photo` and hands back the prepared photo (with a fake PDS).
    static func prepare(_ photo: [UInt8], flags: [String]) async throws -> [UInt8] {
        let pds = try FakePDS()
        defer { pds.stop() }
        var prepared: [UInt8] = []
        try await withServer(flags) { app, _ in
            let browser = try await signIn(app, pds)
            prepared = try await preparedPhoto(browser, try await upload(browser, photo))
            await browser.shutdown()
        }
        return prepared
    }

    // MARK: Logging

    @Test func logLevelWarningKeepsInfoLinesOutOfTheLogAndWarningsIn() async throws {
        // `serve` itself builds the logger, so this runs the real binary.
        let unreachableAppView = try RefusingPort()
        let port = try ServerProcess.freeLoopbackPort()
        let data = ProjectPaths.temporaryDirectory("log-level")
        defer { try? FileManager.default.removeItem(atPath: data) }
        let server = try ServerProcess(
            arguments: [
                "--host", "127.0.0.1", "--port", String(port), "--data-dir", data, "--appview-url", unreachableAppView.url(),
                "--insecure-hosts", "127.0.0.1", "--nominatim-url", "",
            ],
            environment: ["GRAIN_STORIES_LOG_LEVEL": "warning"], readyPort: port
        )
        let home = try await runOnDedicatedThread { () throws -> RawHTTPResponse in
            let connection = try RawHTTPConnection(port: port)
            defer { connection.close() }
            try connection.send("GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
            return try connection.readResponse()
        }
        #expect(home.status == 200, "the home page shows a notice instead of the strip")
        let warned = await eventually { server.log.contains(" warning the AppView could not be read for the strip") }
        #expect(server.terminate() == 0)
        #expect(warned, "warnings are logged: \(server.log)")
        let infoLines = server.log.split(separator: "\n").filter { $0.contains(" info ") }
        #expect(infoLines.isEmpty, "no info lines (listening, request, stopped) at warning: \(infoLines)")
    }

    // MARK: Listening

    @Test func connectionTimeoutClosesAnIdleConnectionAfterThatManySeconds() async throws {
        try await Self.withServer(["--connection-timeout", "1"]) { app, _ in
            #expect(app.server.configuration.connectionTimeoutSeconds == 1)
            let port = app.server.port
            let (closed, elapsed) = try await runOnDedicatedThread { () throws -> (Bool, Duration) in
                let connection = try RawHTTPConnection(port: port)
                defer { connection.close() }
                let start = ContinuousClock.now
                // The default (30 s) would keep it open far beyond this bound.
                return (connection.waitForServerClose(within: .seconds(6)), ContinuousClock.now - start)
            }
            #expect(closed, "the idle connection was closed")
            #expect(elapsed >= .milliseconds(500), "not at once: after the timeout (\(elapsed))")
        }
    }

    @Test func withoutMaxConnectionsTheServerTakesAsManyAsTheFileLimitAllows() async throws {
        try await Self.withServer([]) { app, _ in
            #expect(app.server.configuration.connectionLimit == HTTPServerConfiguration(host: "127.0.0.1", port: 0).connectionLimit)
        }
    }

    @Test func maxConnectionsIsWhereIdleConnectionsStartBeingClosedForNewClients() async throws {
        try await Self.withServer(["--max-connections", "8"]) { app, _ in
            #expect(app.server.configuration.connectionLimit == 8)
            let port = app.server.port
            let (oneClosed, newcomerStatus, othersKept) = try await runOnDedicatedThread { () throws -> (Bool, Int, Bool) in
                let request = "GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n"
                // Six clients each keep one connection alive: the 8 slots less the 2
                // (a sixteenth, at least 2) kept for clients that hold none.
                let held = try (2...7).map { index in
                    let connection = try RawHTTPConnection(port: port, source: "127.0.0.\(index)")
                    // A completed request proves the connection was accepted and counted.
                    try connection.send(request)
                    _ = try connection.readResponse()
                    return connection
                }
                defer { for connection in held { connection.close() } }
                // A seventh client is served, and an idle connection closed for it (the
                // one idle longest, which on a busy machine need not be the first).
                let newcomer = try RawHTTPConnection(port: port, source: "127.0.0.8")
                defer { newcomer.close() }
                try newcomer.send(request)
                let status = try newcomer.readResponse().status
                var closed: Set<Int> = []
                let deadline = ContinuousClock.now + .seconds(5)
                while closed.isEmpty, ContinuousClock.now < deadline {
                    for (index, connection) in held.enumerated() where connection.waitForServerClose(within: .milliseconds(20)) { closed.insert(index) }
                }
                let kept = try #require(held.indices.first { !closed.contains($0) })
                try held[kept].send(request)
                return (closed.count == 1, status, try held[kept].readResponse().status == 200)
            }
            #expect(newcomerStatus == 200)
            #expect(oneClosed, "not exactly one idle connection was closed at the limit")
            #expect(othersKept)
        }
    }

    /// The names of this process's threads that libmicrohttpd started (`MHD-…`).
    /// The kernel ids of this process's libmicrohttpd threads (named `MHD-…`).
    static func serverThreadIDs() throws -> Set<String> {
        Set(
            try FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").filter { task in
                // A thread may end between the listing and the read: it is then not counted.
                let name = (try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8)) ?? ""
                return name.hasPrefix("MHD")
            })
    }

    @Test func threadsSetsHowManyThreadsServeHTTP() async throws {
        // One after the other (not as test arguments, which may run at the same time).
        // Other servers' threads may still be ending or (the stand-in's, just started)
        // naming themselves, so the server's own threads are the MHD threads that were
        // not there before it started and are gone once it has stopped.
        for count in [1, 3] {
            let appView = try StandInAppView(image: try JPEGEncoder.encode(TestImages.photoLike(width: 40, height: 40), quality: 80))
            let configuration = try Self.load(["--threads", String(count)], appView: appView)
            let before = try Self.serverThreadIDs()
            let app = try await LiveApp.start(appViewURL: appView.baseURL) { $0 = configuration }
            #expect(app.server.configuration.threadCount == count)
            #expect(try await app.request("/").status == 200)
            // Threads name themselves once they run: wait until at least `count` are new.
            #expect(try await eventually { try Self.serverThreadIDs().subtracting(before).count >= count })
            let new = try Self.serverThreadIDs().subtracting(before)
            await app.stop()
            let ended = try await eventually { try new.subtracting(Self.serverThreadIDs()).count == count }
            let endedCount = try new.subtracting(Self.serverThreadIDs()).count
            #expect(ended, "--threads \(count): \(endedCount) server threads ended with the server")
            await appView.stop()
        }
    }

    // MARK: Media

    @Test func mediaCacheBytesBoundsTheImageCacheOnDisk() async throws {
        // Three different image URLs of this size do not fit in 1 MiB.
        let image = try JPEGEncoder.encode(TestImages.noise(width: 480, height: 480), quality: 100)
        #expect(image.count > 400_000)
        try await Self.withServer(["--media-cache-bytes", String(1 << 20)], image: image) { app, _ in
            let home = try await app.request("/").text
            let paths = Array(Set(home.components(separatedBy: "src=\"/media/").dropFirst().map { "/media/" + $0.prefix { $0 != "\"" } })).sorted()
            #expect(paths.count >= 3, "the home page shows several images")
            for path in paths.prefix(6) {
                let response = try await app.request(path)
                #expect(response.status == 200)
                #expect(response.body == image)
            }
            let directory = app.data.media
            func cached() -> (files: Int, bytes: Int) {
                let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { !$0.hasPrefix(".") }
                let sizes = names.map { ((try? FileManager.default.attributesOfItem(atPath: directory + "/" + $0))?[.size] as? Int) ?? 0 }
                return (names.count, sizes.reduce(0, +))
            }
            let bounded = await eventually { cached().bytes <= 1 << 20 }
            #expect(bounded, "the cache holds at most 1 MiB: \(cached())")
            #expect(cached().files >= 1, "the newest images stay cached")
            #expect(cached().files < min(paths.count, 6), "older images were evicted")
        }
    }

    // MARK: Posting

    @Test func storyLinkURLIsTheSiteInTheBlueskyCrosspost() async throws {
        let pds = try FakePDS()
        defer { pds.stop() }
        try await Self.withServer(["--story-link-url", "https://stories.example.net/"]) { app, _ in
            let browser = try await Self.signIn(app, pds)
            let uploaded = try await Self.upload(browser, try SamplePhotos.portlandPhone())
            let draft = try #require(uploaded.headers["Location"])
            let token = try #require(CookieJar.csrfToken(in: try await browser.get(draft).text))
            let posted = try await browser.postForm(draft, [("csrf", token), ("place_name", ""), ("crosspost", "on"), ("action", "publish")])
            #expect(posted.status == 303)
            let arrived = await eventually { pds.records("app.bsky.feed.post").count == 1 }
            #expect(arrived, "the outbox posted the crosspost")
            let story = try #require(pds.records("social.grain.story").first)
            let post = try #require(pds.records("app.bsky.feed.post").first)
            let link = "https://stories.example.net/profile/\(FakePDS.Account.alice.handle)/story/\(story.rkey)"
            #expect(post.value["text"]?.stringValue?.contains(link) == true, "\(post.value["text"]?.stringValue ?? "")")
            let uris = (post.value["facets"]?.arrayValue ?? []).compactMap { $0["features"]?[0]?["uri"]?.stringValue }
            #expect(uris == [link])
            await browser.shutdown()
        }
    }

    @Test func operatorContactIsInTheUserAgentNominatimReceives() async throws {
        let pds = try FakePDS()
        defer { pds.stop() }
        let nominatim = try StandInNominatim()
        try await Self.withServer(["--nominatim-url", nominatim.baseURL, "--operator-contact", "ops@example.org"]) { app, _ in
            let browser = try await Self.signIn(app, pds)
            let uploaded = try await Self.upload(browser, try SamplePhotos.portlandPhone())
            #expect(uploaded.status == 303)
            let asked = await eventually { !nominatim.requests.isEmpty }
            #expect(asked, "the photo's GPS was looked up")
            for request in nominatim.requests {
                #expect(request.userAgent?.hasSuffix("(self-hosted; contact: ops@example.org)") == true, "\(request.userAgent ?? "none")")
            }
            await browser.shutdown()
        }
        await nominatim.stop()
    }

    // MARK: Photos

    @Test func photoBoxIsTheLargestSideOfAPreparedPhoto() async throws {
        let upload = try JPEGEncoder.encode(TestImages.photoLike(width: 800, height: 600), quality: 85)
        let prepared = try await Self.prepare(upload, flags: ["--photo-box", "320"])
        let header = try JPEGInspector.inspect(prepared)
        #expect((header.width, header.height) == (320, 240))
    }

    @Test func photoQualityIsTheQualityTriedFirst() async throws {
        let pixels = TestImages.photoLike(width: 600, height: 450, noise: 12)
        let upload = try JPEGEncoder.encode(pixels, quality: 98)
        let prepared = try await Self.prepare(upload, flags: ["--photo-quality", "40"])
        let header = try JPEGInspector.inspect(prepared)
        #expect((header.width, header.height) == (600, 450), "same pixels, only the quality differs")
        // The default (95) would give a file larger than this quality-75 encoding.
        let atSeventyFive = try JPEGEncoder.encode(pixels, quality: 75)
        #expect(prepared.count < atSeventyFive.count, "\(prepared.count) bytes at --photo-quality 40 vs \(atSeventyFive.count) at 75")
    }

    @Test func maxPhotoBytesIsTheBudgetOfAPreparedPhoto() async throws {
        let upload = try JPEGEncoder.encode(TestImages.noise(width: 700, height: 700), quality: 95)
        #expect(upload.count > 200_000, "far over the budget as uploaded")
        let prepared = try await Self.prepare(upload, flags: ["--max-photo-bytes", "50000"])
        #expect(prepared.count <= 50_000, "\(prepared.count) bytes")
        #expect(prepared.count > 5_000, "a real photo, not an empty one")
    }

    @Test func maxPhotoPixelsRefusesLargerUploadsBeforeDecoding() async throws {
        let pds = try FakePDS()
        defer { pds.stop() }
        let large = try JPEGEncoder.encode(TestImages.photoLike(width: 1250, height: 1000), quality: 60)
        let small = try JPEGEncoder.encode(TestImages.photoLike(width: 900, height: 1000), quality: 60)
        try await Self.withServer(["--max-photo-pixels", "1000000"]) { app, _ in
            let browser = try await Self.signIn(app, pds)
            let refused = try await Self.upload(browser, large)
            #expect((400..<500).contains(refused.status), "\(refused.status)")
            #expect(refused.headers["Location"] == nil, "no draft was made")
            #expect(refused.text.contains("form-error"))
            let accepted = try await Self.upload(browser, small)
            #expect(accepted.status == 303, "0.9 megapixels are within the limit")
            await browser.shutdown()
        }
    }

    // MARK: Templates

    @Test func strictTemplatesFailsAPageThatUsesAnUnknownVariable() async throws {
        let templates = ProjectPaths.temporaryDirectory("templates")
        for name in try FileManager.default.contentsOfDirectory(atPath: ProjectPaths.templates) {
            try FileManager.default.copyItem(atPath: ProjectPaths.templates + "/" + name, toPath: templates + "/" + name)
        }
        let home = templates + "/home.html"
        try (try String(contentsOfFile: home, encoding: .utf8) + "\n<p class=\"typo\">{{noSuchVariable}}</p>\n").write(
            toFile: home, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: templates) }

        try await Self.withServer(["--templates-dir", templates, "--strict-templates", "true"]) { app, _ in
            let page = try await app.request("/")
            #expect(page.status == 500, "the unknown variable fails the page")
            #expect(!page.text.contains("class=\"typo\""))
        }
        try await Self.withServer(["--templates-dir", templates, "--strict-templates", "false"]) { app, _ in
            let page = try await app.request("/")
            #expect(page.status == 200)
            #expect(page.text.contains("<p class=\"typo\"></p>"), "the unknown variable renders empty")
        }
    }
}
