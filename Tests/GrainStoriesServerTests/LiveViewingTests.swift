import ATProtoTestKit
import AppTestKit
import CurlHTTPClient
import Foundation
import GrainStoriesWeb
import GrainSupport
import PhotoPipeline
import PhotoTestKit
import Testing
import Viewing

/// The whole server over real HTTP, reading a stand-in AppView over real HTTP.
@Suite struct LiveViewingTests {
    static func image() throws -> [UInt8] {
        try JPEGEncoder.encode(TestImages.photoLike(width: 120, height: 160), quality: 85)
    }

    /// Runs `body` with the server against a new stand-in AppView and stops both.
    static func withServer(_ body: (LiveApp, StandInAppView) async throws -> Void) async throws {
        let appView = try StandInAppView(image: try Self.image())
        let app = try await LiveApp.start(appViewURL: appView.baseURL)
        do {
            try await body(app, appView)
        } catch {
            await app.stop()
            await appView.stop()
            throw error
        }
        await app.stop()
        await appView.stop()
    }

    @Test func theHomePageShowsTheStandInsAuthorsWithLiveTimestamps() async throws {
        try await Self.withServer { (app: LiveApp, _: StandInAppView) async throws in
            let response = try await app.request("/")
            #expect(response.status == 200)
            #expect(response.headers["Content-Security-Policy"]?.contains("script-src 'self'") == true)
            for name in ["Kenji Sato", "Tomás Reyes", "Maya Okafor", "erin-walks.bsky.social"] {
                #expect(response.text.contains(">\(name)</span>"), "\(name)")
            }
            #expect(!response.text.contains("cdn.grain.social"))
            #expect(!response.text.contains("127.0.0.1"), "image URLs must be proxied, not handed to the browser")
        }
    }

    @Test func theViewerRendersAndWalksToTheNextAuthor() async throws {
        try await Self.withServer { (app: LiveApp, _: StandInAppView) async throws in
            let redirect = try await app.request("/stories/did:plc:hbrpoigf3cbfnobm2o4rak3v")
            #expect(redirect.status == 303)
            let location = try #require(redirect.headers["Location"])
            #expect(location == "/profile/mayaokafor.bsky.social/story/3muojebufwseb", "by handle")
            let page = try await app.request(location)
            #expect(page.status == 200)
            #expect(page.text.contains("Photo story by Maya Okafor, 1 of 3"))
            #expect(page.headers["Set-Cookie"]?.hasPrefix("seen=v1!") == true)
        }
    }

    @Test func imagesAreFetchedOnceAndThenServedFromTheDiskCache() async throws {
        try await Self.withServer { (app: LiveApp, appView: StandInAppView) async throws in
            let home = try await app.request("/").text
            let marker = "src=\"/media/"
            let start = try #require(home.range(of: marker))
            let path = "/media/" + home[start.upperBound...].prefix { $0 != "\"" }
            let results = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<8 { group.addTask { try await app.request(path).status } }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(results == Array(repeating: 200, count: 8))
            let again = try await app.request(path)
            #expect(again.body == appView.image)
            #expect(again.headers["Content-Type"] == "image/jpeg")
            #expect(again.headers["Cache-Control"] == "public, max-age=31536000, immutable")
            #expect(appView.imageRequestCount == 1)
            let etag = try #require(again.headers["ETag"])
            #expect(try await app.request(path, headers: [("If-None-Match", etag)]).status == 304)
        }
    }

    @Test func aMissingImageAskedForAgainAndAgainIsFetchedOnce() async throws {
        try await Self.withServer { (app: LiveApp, appView: StandInAppView) async throws in
            let path = try #require(app.signer.path(for: "\(appView.baseURL)/cdn/feed_thumbnail/x/missing"))
            for _ in 0..<50 {
                #expect(try await app.request(path).status == 404)
            }
            #expect(appView.imageRequestCount == 1, "a missing image is remembered for minutes")
        }
    }

    @Test func theMediaProxyRefusesAnythingItDidNotSign() async throws {
        try await Self.withServer { (app: LiveApp, appView: StandInAppView) async throws in
            let inward = Base64URL.encode(Array("\(appView.baseURL)/cdn/x".utf8))
            #expect(try await app.request("/media/AAAAAAAAAAAAAAAAAAAAAA/\(inward)").status == 404)
            #expect(try await app.request("/media/x/y").status == 404)
            #expect(appView.imageRequestCount == 0)
        }
    }

    @Test(arguments: [StandInAppView.Mode.serverError, .malformedJSON, .hang])
    func aBrokenAppViewStillGivesAPageWithANotice(mode: StandInAppView.Mode) async throws {
        try await Self.withServer { (app: LiveApp, appView: StandInAppView) async throws in
            appView.setMode(mode)
            let response = try await app.request("/")
            #expect(response.status == 200)
            #expect(response.text.contains("Grain could not be reached just now"))
        }
    }

    @Test func emptyListsSayThatNobodyHasAStory() async throws {
        try await Self.withServer { (app: LiveApp, appView: StandInAppView) async throws in
            appView.setMode(.emptyLists)
            let response = try await app.request("/")
            #expect(response.text.contains("No one has a live story right now."))
        }
    }

    @Test func reloadHeadersFromBrowsersNeverCauseUpstreamCalls() async throws {
        try await Self.withServer { (app: LiveApp, appView: StandInAppView) async throws in
            #expect(try await app.request("/").status == 200)
            for header in [("Cache-Control", "no-cache"), ("Cache-Control", "max-age=0"), ("Pragma", "no-cache"), ("Cache-Control", "no-store")] {
                #expect(try await app.request("/", headers: [header]).text.contains("Maya Okafor"))
                _ = try await app.request("/profile/mayaokafor.bsky.social", headers: [header])
            }
            #expect(appView.queryCount("social.grain.unspecced.getStoryAuthors") == 1)
            #expect(appView.queryCount("social.grain.unspecced.getActorProfile") == 1)
        }
    }

    @Test func identicalConcurrentPageLoadsShareOneUpstreamCall() async throws {
        try await Self.withServer { (app: LiveApp, appView: StandInAppView) async throws in
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<10 { group.addTask { try await app.request("/").status } }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(statuses.allSatisfy { $0 == 200 })
            #expect(appView.queryCount("social.grain.unspecced.getStoryAuthors") == 1)
            _ = try await app.request("/")
            #expect(appView.queryCount("social.grain.unspecced.getStoryAuthors") == 1, "within 30 s the strip comes from memory")
        }
    }

    @Test func profilesCarryTheRingWhenTheActorHasLiveStories() async throws {
        try await Self.withServer { (app: LiveApp, _: StandInAppView) async throws in
            let page = try await app.request("/profile/mayaokafor.bsky.social")
            #expect(page.status == 200)
            #expect(page.text.contains("avatar-ring avatar-large ring-unseen"))
            #expect(try await app.request("/profile/nobody.example").status == 404)
        }
    }
}
