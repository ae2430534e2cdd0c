import CurlHTTPClient
import Foundation
import HTTPTestKit
import Synchronization
import TestKit
import Testing
import WorkerThreads

@testable import ATProto
@testable import Social
@testable import Viewing

/// The on-disk image cache against a real HTTP server standing in for Grain's CDN.
@Suite struct MediaCacheTests {
    /// A JPEG-looking body of `size` bytes whose filler names the image, so every image
    /// has different bytes.
    static func image(_ name: String, size: Int = 3000) -> [UInt8] {
        let header: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0]
        let filler = Array(name.utf8)
        return header + (0..<(size - header.count)).map { filler[$0 % filler.count] }
    }

    /// A JPEG-looking body one byte over the cache's limit, made once with a fill rather
    /// than byte by byte: `image(_:size:)` builds 16 MB element by element, which in a
    /// debug build on a busy machine took long enough to time the request out.
    static let hugeImage: [UInt8] = {
        var bytes = [UInt8](repeating: 0x68, count: MediaCache.maxImageBytes + 1)
        bytes.replaceSubrange(0..<4, with: [0xFF, 0xD8, 0xFF, 0xE0])
        return bytes
    }()

    /// A CDN that serves `/img/NAME` as `image(NAME)` and a few faults by path.
    static func cdn(delayMilliseconds: Int = 0) throws -> ScriptedHTTPServer {
        try ScriptedHTTPServer { request in
            let name = String(request.path.dropFirst("/img/".count))
            let response: ScriptedHTTPServer.Action =
                switch request.path {
                case "/page": .respond(.text("<html>not an image</html>"))
                case "/huge": .respond(.init(payload: .bytes(hugeImage)))
                case "/gone": .respond(.text("gone", status: 410))
                case "/missing": .respond(.text("no", status: 404))
                case "/broken": .respond(.text("oops", status: 500))
                default: .respond(.init(headers: [("Content-Type", "text/plain")], payload: .bytes(image(name))))
                }
            return delayMilliseconds > 0 ? .delayed(milliseconds: delayMilliseconds, response) : response
        }
    }

    /// Runs `body` with a cache of `maxBytes` in `directory` and tears everything down.
    static func withCache(
        in directory: String, maxBytes: Int = 1 << 20, cdn: ScriptedHTTPServer, clock: ManualClock? = nil,
        attachmentLimit: Int = MediaCache.defaultAttachmentLimit, _ body: (MediaCache) async throws -> Void
    ) async throws {
        let http = OutboundHTTP(userAgent: "GrainStoriesTests", insecureHosts: ["127.0.0.1"])
        let io = WorkerThreadPool(name: "media-test", threadCount: 1)
        defer { io.shutdown() }
        let now: @Sendable () -> ContinuousClock.Instant = if let clock { { clock.now } } else { { .now } }
        let cache = try MediaCache(directory: directory, maxBytes: maxBytes, http: http, io: io, attachmentLimit: attachmentLimit, now: now)
        do {
            try await body(cache)
        } catch {
            await http.shutdown()
            throw error
        }
        await http.shutdown()
    }

    /// The names in `directory`. Throws if it cannot be listed, so "no files" never
    /// passes on a directory that is not there.
    static func files(in directory: String) throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: directory))
    }

    @Test func anImageIsDownloadedOnceAndThenServedFromDisk() async throws {
        let cdn = try Self.cdn()
        defer { cdn.stop() }
        let directory = ProjectPaths.temporaryDirectory("media")
        try await Self.withCache(in: directory, cdn: cdn) { cache in
            let first = try await cache.entry(for: cdn.url("/img/a"))
            let second = try await cache.entry(for: cdn.url("/img/a"))
            #expect(first.path == second.path)
            #expect(first.contentType == "image/jpeg")  // sniffed, not the CDN's text/plain
            #expect(first.size == 3000)
            #expect(FileManager.default.contents(atPath: first.path).map(Array.init) == Self.image("a"))
            #expect(cdn.requests.count == 1)
            #expect(cdn.requests.first?.header("Accept") == "image/*")
        }
    }

    @Test func concurrentRequestsForOneImageShareOneDownload() async throws {
        let cdn = try Self.cdn(delayMilliseconds: 300)
        defer { cdn.stop() }
        try await Self.withCache(in: ProjectPaths.temporaryDirectory("media"), cdn: cdn) { cache in
            let url = cdn.url("/img/shared")
            let paths = try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<6 { group.addTask { try await cache.entry(for: url).path } }
                return try await group.reduce(into: Set<String>()) { $0.insert($1) }
            }
            #expect(paths.count == 1)
            #expect(cdn.requests.count == 1)
        }
    }

    @Test func whatIsNotAnImageIsRefusedAndNothingIsKept() async throws {
        let cdn = try Self.cdn()
        defer { cdn.stop() }
        let directory = ProjectPaths.temporaryDirectory("media")
        try await Self.withCache(in: directory, cdn: cdn) { cache in
            await #expect {
                _ = try await cache.entry(for: cdn.url("/page"))
            } throws: { error in
                if case MediaCache.Failure.notAnImage = error { true } else { false }
            }
            // Too large is stopped by the client's cap while downloading.
            await #expect {
                _ = try await cache.entry(for: cdn.url("/huge"))
            } throws: { error in
                if case MediaCache.Failure.upstream(.transport(let cause)) = error { cause.code == .responseTooLarge } else { false }
            }
            // The CDN's own failure is kept as the cause, status and all.
            await #expect {
                _ = try await cache.entry(for: cdn.url("/broken"))
            } throws: { error in
                if case MediaCache.Failure.upstream(.status(500)) = error { true } else { false }
            }
            for path in ["/missing", "/gone"] {
                await #expect {
                    _ = try await cache.entry(for: cdn.url(path))
                } throws: { error in
                    if case MediaCache.Failure.notFound = error { true } else { false }
                }
            }
            await #expect(throws: MediaCache.Failure.self) {
                _ = try await cache.entry(for: "http://169.254.169.254/latest/meta-data")
            }
            let kept = try Self.files(in: directory)
            #expect(kept.isEmpty)
        }
    }

    @Test func pastTheLimitTheLeastRecentlyUsedImagesAreEvicted() async throws {
        let cdn = try Self.cdn()
        defer { cdn.stop() }
        let directory = ProjectPaths.temporaryDirectory("media")
        // Room for three 3,000-byte images; a fourth evicts down to 90 % (9,000 bytes).
        try await Self.withCache(in: directory, maxBytes: 10_000, cdn: cdn) { cache in
            let a = try await cache.entry(for: cdn.url("/img/a"))
            let b = try await cache.entry(for: cdn.url("/img/b"))
            _ = try await cache.entry(for: cdn.url("/img/c"))
            _ = try await cache.entry(for: cdn.url("/img/a"))  // a is now used more recently than b
            let d = try await cache.entry(for: cdn.url("/img/d"))
            #expect(try Self.files(in: directory).count == 3)
            #expect(!FileManager.default.fileExists(atPath: b.path))
            #expect(FileManager.default.fileExists(atPath: a.path))
            #expect(FileManager.default.fileExists(atPath: d.path))
            let before = cdn.requests.count
            _ = try await cache.entry(for: cdn.url("/img/a"))
            #expect(cdn.requests.count == before)
            _ = try await cache.entry(for: cdn.url("/img/b"))
            #expect(cdn.requests.count == before + 1)
        }
    }

    @Test func aRestartKeepsTheImagesAndTheirSizeAndRemovesLeftovers() async throws {
        let cdn = try Self.cdn()
        defer { cdn.stop() }
        let directory = ProjectPaths.temporaryDirectory("media")
        try await Self.withCache(in: directory, cdn: cdn) { cache in
            for name in ["a", "b", "c"] { _ = try await cache.entry(for: cdn.url("/img/\(name)")) }
        }
        // What an interrupted download or a stranger leaves behind.
        #expect(FileManager.default.createFile(atPath: directory + "/\(String(repeating: "0", count: 64)).jpeg.part", contents: Data([1])))
        #expect(FileManager.default.createFile(atPath: directory + "/notes.txt", contents: Data([1])))
        let downloads = cdn.requests.count
        // Reopened with room for only two images: the three on disk count against it.
        try await Self.withCache(in: directory, maxBytes: 7_000, cdn: cdn) { cache in
            #expect(try Self.files(in: directory).count == 3)
            let c = try await cache.entry(for: cdn.url("/img/c"))
            #expect(cdn.requests.count == downloads)
            let d = try await cache.entry(for: cdn.url("/img/d"))
            // 12,000 bytes > 7,000: evicted down to at most 6,300, keeping c (just used) and d.
            #expect(try Self.files(in: directory) == [c.path, d.path].map { ($0 as NSString).lastPathComponent }.reduce(into: Set<String>()) { $0.insert($1) })
        }
    }

    @Test(arguments: ["/broken", "/page", "/missing", "/gone"])
    func aFailingImageAskedFiftyTimesIsFetchedOnce(path: String) async throws {
        let cdn = try Self.cdn()
        defer { cdn.stop() }
        let clock = ManualClock()
        try await Self.withCache(in: ProjectPaths.temporaryDirectory("media"), cdn: cdn, clock: clock) { cache in
            let url = cdn.url(path)
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<10 { group.addTask { _ = try? await cache.entry(for: url) } }
            }
            for _ in 0..<40 {
                await #expect(throws: MediaCache.Failure.self) { _ = try await cache.entry(for: url) }
            }
            #expect(cdn.requests.count == 1)
        }
    }

    @Test func aFailingImageIsTriedAgainAfterAPauseThatGrowsAndAWorkingOneIsUnaffected() async throws {
        let cdn = try Self.cdn()
        defer { cdn.stop() }
        let clock = ManualClock()
        try await Self.withCache(in: ProjectPaths.temporaryDirectory("media"), cdn: cdn, clock: clock) { cache in
            let broken = cdn.url("/broken")
            _ = try? await cache.entry(for: broken)
            clock.advance(by: .milliseconds(1999))
            _ = try? await cache.entry(for: broken)
            #expect(cdn.requests.count == 1)
            clock.advance(by: .milliseconds(1))
            _ = try? await cache.entry(for: broken)
            #expect(cdn.requests.count == 2, "retried after 2 s")
            clock.advance(by: .seconds(2))
            _ = try? await cache.entry(for: broken)
            #expect(cdn.requests.count == 2, "the second pause is 4 s")
            clock.advance(by: .seconds(2))
            _ = try? await cache.entry(for: broken)
            #expect(cdn.requests.count == 3)
            _ = try await cache.entry(for: cdn.url("/img/fine"))
            #expect(cdn.requests.count == 4)
        }
    }

    @Test func aMissingImageIsRememberedForMinutes() async throws {
        let cdn = try Self.cdn()
        defer { cdn.stop() }
        let clock = ManualClock()
        try await Self.withCache(in: ProjectPaths.temporaryDirectory("media"), cdn: cdn, clock: clock) { cache in
            let missing = cdn.url("/missing")
            _ = try? await cache.entry(for: missing)
            clock.advance(by: .seconds(299))
            await #expect { _ = try await cache.entry(for: missing) } throws: { error in
                if case MediaCache.Failure.notFound = error { true } else { false }
            }
            #expect(cdn.requests.count == 1)
            clock.advance(by: .seconds(1))
            _ = try? await cache.entry(for: missing)
            #expect(cdn.requests.count == 2)
        }
    }

    @Test func anUnreachableCDNIsAskedOncePerPause() async throws {
        let refusing = try RefusingPort()
        let cdn = try Self.cdn()
        defer { cdn.stop() }
        let clock = ManualClock()
        try await Self.withCache(in: ProjectPaths.temporaryDirectory("media"), cdn: cdn, clock: clock) { cache in
            let url = refusing.url("/img/a")
            await #expect(throws: MediaCache.Failure.self) { _ = try await cache.entry(for: url) }
            // A refused connection leaves no trace at the port, so count the attempts the cache made.
            for _ in 0..<49 {
                await #expect(throws: MediaCache.Failure.self) { _ = try await cache.entry(for: url) }
            }
            #expect(await cache.failureCount(for: url) == 1)
            clock.advance(by: .seconds(2))
            _ = try? await cache.entry(for: url)
            #expect(await cache.failureCount(for: url) == 2)
        }
    }
}
