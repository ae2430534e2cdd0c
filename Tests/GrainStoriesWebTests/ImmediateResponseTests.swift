import AppTestKit
import Foundation
import MicroHTTPServer
import Testing

@testable import GrainStoriesWeb

/// Static files, the health check and their 304s are answered on the server's thread
/// (`respondImmediately`), with the same headers and bodies as the normal path; pages
/// that need the AppView or a session never are (the home page with a cached strip is,
/// see `HomePageCacheTests`).
@Suite struct ImmediateResponseTests {
    @Test func staticFilesAndTheHealthCheckAreAnsweredAtOnceWithTheUsualHeaders() async throws {
        let app = try await AppHarness()
        for target in ["/healthz", "/assets/app.css", "/favicon.ico", "/robots.txt", "/assets/missing.css"] {
            let immediate = try #require(app.application.respondImmediately(to: HTTPRequest(method: .get, target: target)), "\(target)")
            let normal = await app.application.respond(to: HTTPRequest(method: .get, target: target))
            #expect(immediate.status == normal.status, "\(target)")
            #expect(immediate.headers["Content-Security-Policy"] == normal.headers["Content-Security-Policy"], "\(target)")
            #expect(immediate.headers["Content-Type"] == normal.headers["Content-Type"], "\(target)")
            if target != "/healthz" { #expect(immediate.body.count == normal.body.count, "\(target)") }
        }
        let head = try #require(app.application.respondImmediately(to: HTTPRequest(method: .head, target: "/assets/app.css")))
        #expect(head.status == .ok)
        await app.shutdown()
    }

    @Test func aMatchingEntityTagIsA304OnTheFastPath() async throws {
        let app = try await AppHarness()
        let first = try #require(app.application.respondImmediately(to: HTTPRequest(method: .get, target: "/assets/app.css")))
        let etag = try #require(first.headers["ETag"])
        let again = try #require(
            app.application.respondImmediately(
                to: HTTPRequest(
                    method: .get, target: "/assets/app.css", headers: HTTPHeaders([("If-None-Match", etag)])
                )))
        #expect(again.status == .notModified)
        await app.shutdown()
    }

    @Test func pagesUploadsAndUnknownAddressesTakeTheNormalPath() async throws {
        let app = try await AppHarness()
        for (method, target) in [(HTTPMethod.get, "/profile/someone.example"), (.post, "/seen"), (.get, "/nope"), (.post, "/healthz")] {
            #expect(app.application.respondImmediately(to: HTTPRequest(method: method, target: target)) == nil, "\(method.rawValue) \(target)")
        }
        await app.shutdown()
    }
}
