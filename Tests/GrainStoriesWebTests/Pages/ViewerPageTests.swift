import ATProtoTestKit
import AppTestKit
import FeatureTestKit
import Foundation
import MicroHTTPServer
import TestKit
import Testing

@testable import ATProto
@testable import GrainStoriesWeb
@testable import Presentation
@testable import Social
@testable import Viewing

@Suite struct ViewerPageTests {
    let maya: DID = "did:plc:hbrpoigf3cbfnobm2o4rak3v"
    let tomas: DID = "did:plc:rjnvgfygwwqc5hyfsxmecosf"

    @Test func anAuthorsStoriesOpenAtTheFirstUnseenOne() async throws {
        let app = try await AppHarness()
        let first = await app.respond("/stories/\(maya)")
        var seen = SeenState()
        seen.markSeen(author: maya, createdAt: "2026-09-04T08:12:31.407Z")
        let second = await app.respond("/stories/\(maya)", headers: [("Cookie", "seen=\(SeenCookie.encode(seen))")])
        let unknown = await app.respond("/stories/nobody.example")
        await app.shutdown()
        #expect(first.status == .seeOther)
        #expect(first.headers["Location"] == "/profile/mayaokafor.bsky.social/story/3muojebufwseb")
        #expect(second.headers["Location"] == "/profile/mayaokafor.bsky.social/story/3muovdv3qvkv2")
        #expect(unknown.status == .notFound)
    }

    @Test func theViewerShowsThePhotoPositionAuthorTimeAndPlace() async throws {
        let app = try await AppHarness()
        let response = await app.respond("/profile/\(maya)/story/3muojebufwseb")
        await app.shutdown()
        #expect(response.status == .ok)
        let html = response.text
        #expect(HTMLInspection.count("<li class=\"segment", in: html) == 3)
        #expect(HTMLInspection.count("aria-current=\"step\"", in: html) == 1)
        #expect(html.contains("<li class=\"segment segment-current\" aria-current=\"step\">"))
        let alt = HTMLInspection.attributeValues("alt", in: html) { $0.contains("story-image") }.first
        #expect(alt == "Photo story by Maya Okafor, 1 of 3, 9 hours ago, at Powell's City of Books, Portland, Oregon, US")
        #expect(html.contains("width=\"1500\" height=\"2000\" fetchpriority=\"high\""))
        #expect(html.contains(">9h</time>"))
        #expect(html.contains("<span class=\"viewer-name\">Maya Okafor</span>"))
        #expect(html.contains("<span class=\"viewer-place\">Powell&#39;s City of Books, Portland, Oregon, US</span>"))
        #expect(HTMLInspection.link(rel: "next", in: html) == "/profile/mayaokafor.bsky.social/story/3muovdv3qvkv2")
        #expect(HTMLInspection.link(rel: "prev", in: html) == "/profile/tomasreyes.selfhosted.social/story/3mstorycosf0")
        #expect(html.contains("aria-label=\"Close\""))
        #expect(html.contains("<link rel=\"preload\" as=\"image\" href=\"/media/"))
        #expect(!html.contains("http-equiv=\"refresh\""))
    }

    @Test func adultLabelledStoriesAreCoveredBehindShow() async throws {
        let app = try await AppHarness()
        let html = await app.respond("/profile/\(maya)/story/3muovdv3qvkv2").text
        await app.shutdown()
        #expect(html.contains("<details class=\"label-gate\">"))
        #expect(html.contains("<span class=\"label-reason\">Nudity</span>"))
        #expect(html.contains("<span class=\"label-show\">Show</span>"))
    }

    /// Follows `rel="next"` from `start` as a browser without JavaScript does, story after
    /// story, until it leads out of the stories: the stories visited, where it then led,
    /// and the last story page.
    static func walkNext(_ app: AppHarness, from start: String) async -> (visited: [String], end: String, last: String) {
        var url = start
        var visited: [String] = []
        var last = ""
        for _ in 0..<10 {
            let response = await app.respond(.get, url)
            guard response.status == .ok else {
                Issue.record("\(url) → \(response.status)")
                break
            }
            visited.append(url)
            last = response.text
            guard let next = HTMLInspection.link(rel: "next", in: response.text).map(HTMLInspection.unescape) else {
                Issue.record("no next link")
                break
            }
            url = next
            if !next.contains("/story/") { break }
        }
        return (visited, url, last)
    }

    /// Without JavaScript, following `rel="next"` walks every story of every author in
    /// strip order and finally closes the viewer.
    @Test func noScriptNavigationWalksTwoAuthorsToTheClose() async throws {
        let app = try await AppHarness()
        let walk = await Self.walkNext(app, from: "/profile/\(maya)/story/3muojebufwseb")
        await app.shutdown()
        #expect(
            walk.visited == [
                "/profile/\(maya)/story/3muojebufwseb", "/profile/mayaokafor.bsky.social/story/3muovdv3qvkv2",
                "/profile/mayaokafor.bsky.social/story/3mupadw3kg264", "/profile/erin-walks.bsky.social/story/3mstoryfdhj0",
            ])
        #expect(walk.end == "/")
    }

    /// From a profile only that person plays (Grain's `singleAuthor`): without
    /// JavaScript, following `rel="next"` from the profile's first tile walks her three
    /// stories and then closes back to her profile, never into the next person's.
    @Test func openedFromAProfileNoScriptNavigationPlaysOnlyThatPersonAndClosesToTheProfile() async throws {
        let app = try await AppHarness()
        let profile = await app.respond("/profile/mayaokafor.bsky.social").text
        let tile = try #require(HTMLInspection.attributeValues("href", in: profile) { $0.contains("profile-story") }.first)
        let ring = try #require(HTMLInspection.attributeValues("href", in: profile) { $0.contains("avatar-ring") }.first)
        let ringHref = HTMLInspection.unescape(ring)
        let opened = await app.respond(.get, ringHref)
        let walk = await Self.walkNext(app, from: HTMLInspection.unescape(tile))
        await app.shutdown()
        let tail = "?back=%2Fprofile%2Fmayaokafor.bsky.social&from=profile"
        let her = "/profile/mayaokafor.bsky.social/story/"
        // Straight to the story once the server holds her stories, or through the redirect.
        let first = opened.headers["Location"] ?? ringHref
        #expect(first == her + "3muojebufwseb" + tail, "the ring opens her first story, still hers alone: \(ringHref)")
        #expect(
            walk.visited == [
                her + "3muojebufwseb" + tail, her + "3muovdv3qvkv2" + tail,
                her + "3mupadw3kg264" + tail,
            ])
        #expect(walk.end == "/profile/mayaokafor.bsky.social", "the last story closes back to the profile")
        // No swipe or key leads on to someone else either.
        #expect(!walk.last.contains("data-next-author-href=\"/"))
        #expect(!walk.last.contains("Next person"))
    }

    @Test func previousFromAnAuthorsFirstStoryIsThePreviousAuthorsLast() async throws {
        let app = try await AppHarness()
        let html = await app.respond("/profile/\(tomas)/story/3mstorycosf1").text
        let first = await app.respond("/profile/did:plc:ogyr5xkxwnrekpk5yroudocu/story/3mstorydocu0").text
        await app.shutdown()
        #expect(HTMLInspection.link(rel: "prev", in: html) == "/profile/kenji.photo/story/3mstorydocu0")
        // The very first story of the first author restarts itself.
        #expect(HTMLInspection.link(rel: "prev", in: first) == "/profile/kenji.photo/story/3mstorydocu0")
    }

    @Test func theCloseControlReturnsWhereTheViewerWasOpened() async throws {
        let app = try await AppHarness()
        let fromProfile = await app.respond("/profile/\(maya)/story/3mupadw3kg264?back=%2Fprofile%2Fmayaokafor.bsky.social").text
        let hostile = await app.respond("/profile/\(maya)/story/3mupadw3kg264?back=%2F%2Fevil.example").text
        await app.shutdown()
        #expect(fromProfile.contains("href=\"/profile/mayaokafor.bsky.social\" aria-label=\"Close\""))
        #expect(HTMLInspection.link(rel: "next", in: fromProfile)?.hasSuffix("?back=%2Fprofile%2Fmayaokafor.bsky.social") == true)
        #expect(hostile.contains("href=\"/\" aria-label=\"Close\""))
        #expect(!hostile.contains("evil.example"))
    }

    @Test func viewingMarksTheStorySeenUnlessTheScriptIsPrefetching() async throws {
        let app = try await AppHarness()
        let page = await app.respond("/profile/\(maya)/story/3muovdv3qvkv2")
        let prefetch = await app.respond("/profile/\(maya)/story/3muovdv3qvkv2", headers: [("X-GrainStories-Fetch", "1")])
        await app.shutdown()
        let cookie = try #require(page.headers["Set-Cookie"])
        #expect(cookie.hasPrefix("seen=v1!p:hbrpoigf3cbfnobm2o4rak3v~"))
        #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax"))
        let value = String(cookie.dropFirst(5).prefix { $0 != ";" })
        #expect(SeenCookie.decode(value).hasSeen(author: maya, createdAt: "2026-09-04T11:47:02.918Z"))
        #expect(prefetch.headers["Set-Cookie"] == nil)
    }

    @Test func theScriptReportsSeenStoriesWithItsHeaderOnly() async throws {
        let app = try await AppHarness()
        let form = [("Content-Type", "application/x-www-form-urlencoded")]
        let body = Array("did=\(maya)&createdAt=2026-09-04T15:03:55.120Z".utf8)
        let withoutHeader = await app.respond(.post, "/seen", headers: form, body: body)
        let withHeader = await app.respond(.post, "/seen", headers: form + [("X-GrainStories-Fetch", "1")], body: body)
        let malformed = await app.respond(.post, "/seen", headers: form + [("X-GrainStories-Fetch", "1")], body: Array("did=x&createdAt=y".utf8))
        await app.shutdown()
        #expect(withoutHeader.status == .forbidden)
        #expect(withHeader.status == .noContent)
        #expect(withHeader.headers["Set-Cookie"]?.hasPrefix("seen=v1!") == true)
        #expect(malformed.status == .badRequest)
    }

    @Test func expiredStoriesOpenAloneAndHiddenOrUnknownOnesAreNotFound() async throws {
        let library = FakeStoryLibrary.fixtureScenario()
        let archive = try JSONDecoder().decode(StoriesResponse.self, from: Fixtures.data("getStoryArchive")).stories
        let expired = try #require(archive.last)
        var gory = expired
        gory.uri = ATURI(maya, .story, "3mgore")
        gory.labels = [Label(val: "gore")]
        library.update { state in
            state.single[expired.uri] = expired
            state.single[gory.uri] = gory
        }
        let app = try await AppHarness(library: library)
        let old = await app.respond("/profile/\(maya)/story/\(expired.rkey)")
        let hidden = await app.respond("/profile/\(maya)/story/3mgore")
        let unknown = await app.respond("/profile/\(maya)/story/3mnothere")
        let malformed = await app.respond("/profile/\(maya)/story/a%20b")
        await app.shutdown()
        #expect(old.status == .ok)
        #expect(HTMLInspection.count("<li class=\"segment", in: old.text) == 1)
        #expect(old.text.contains("more than 24 hours old"))
        #expect(HTMLInspection.link(rel: "next", in: old.text) == "/")
        #expect(hidden.status == .notFound)
        #expect(unknown.status == .notFound)
        #expect(malformed.status == .notFound)
    }

    @Test func handlesInTheAddressAreResolved() async throws {
        let app = try await AppHarness()
        let response = await app.respond("/profile/mayaokafor.bsky.social/story/3muojebufwseb")
        await app.shutdown()
        #expect(response.status == .ok)
        #expect(response.text.contains("Maya Okafor"))
    }

    @Test func anUnreachableAppViewGivesAClearPageNotA500() async throws {
        let library = FakeStoryLibrary.fixtureScenario()
        library.update { $0.failing = true }
        let app = try await AppHarness(library: library)
        let response = await app.respond("/profile/\(maya)/story/3muojebufwseb")
        await app.shutdown()
        #expect(response.status == .serviceUnavailable)
        #expect(response.text.contains("Grain could not be reached just now"))
    }
}
