import ATProto
import AppTestKit
import FeatureTestKit
import Foundation
import MicroHTTPServer
import Testing

@testable import GrainStoriesWeb

/// The strip, the grid and a profile link straight to the story `/stories/{actor}` would
/// redirect to (the first one this visitor has not seen, else the first), so a tap costs
/// no redirect; the redirect stays, and is what a tile links to when the author's stories
/// are not at hand.
@Suite struct StripLinkTests {
    /// Maya has three stories in the fixtures, one minute apart.
    static let maya = "did:plc:hbrpoigf3cbfnobm2o4rak3v"

    /// The links of tiles of `kind` that open someone's stories (not "Add story").
    static func links(_ kind: String, in html: String) -> [String] {
        HTMLInspection.attributeValues("href", in: html) { $0.hasPrefix("<a class=\"\(kind)\"") && $0.contains("data-opens-viewer") }
    }

    /// `/stories/{actor}` for the author a story link names, and what it redirects to.
    static func redirect(for link: String, _ browser: CookieJar) async throws -> String {
        let actor = try #require(link.split(separator: "/").dropFirst().first)
        let answer = await browser.get("/stories/\(actor)")
        #expect(answer.status == .seeOther)
        return try #require(answer.headers["Location"])
    }

    /// Every strip and grid link is a story's page, answered 200 with no redirect, and
    /// the very story the redirect picks; after the visitor has seen Maya's first story,
    /// her tiles open at her second, as the redirect does.
    @Test func stripAndGridLinksOpenTheStoryTheRedirectWouldChoose() async throws {
        let app = try await AppHarness()
        let browser = CookieJar(app)
        var mayaLinks: [String] = []
        for round in 0..<2 {
            let home = await browser.get("/")
            #expect(home.status == .ok)
            let strip = Self.links("strip-link", in: home.text)
            let grid = Self.links("person-card", in: home.text)
            #expect(strip.count >= 3 && strip == grid)
            for link in strip {
                #expect(link.contains("/story/"), "\(link) is a story's page")
                #expect(try await Self.redirect(for: link, browser) == link)
                let page = await browser.get(link)
                #expect(page.status == .ok, "\(link)")
            }
            let maya = try #require(strip.first { $0.contains("maya") || $0.contains(Self.maya) })
            mayaLinks.append(maya)
            if round == 0 {
                // The viewer reports her first story seen.
                let stories = try #require(app.library.knownStories(of: .init(Self.maya)!))
                #expect(stories.count == 3 && maya.hasSuffix(stories[0].rkey.rawValue))
                let seen = await browser.respond(
                    .post, "/seen", headers: [("Content-Type", "application/x-www-form-urlencoded"), ("X-GrainStories-Fetch", "1")],
                    body: Array("did=\(Self.maya)&createdAt=\(stories[0].createdAt.rawValue)".utf8))
                #expect(seen.status == .noContent)
            }
        }
        await app.shutdown()
        let stories = try #require(app.library.knownStories(of: .init(Self.maya)!))
        #expect(mayaLinks[1] != mayaLinks[0] && mayaLinks[1].hasSuffix(stories[1].rkey.rawValue), "\(mayaLinks)")
    }

    /// A profile's ring opens the person's stories at the same story as the address it
    /// linked before (`/stories/{actor}?back=…&from=profile`) redirects to.
    @Test func aProfilesRingLinksToTheStoryTheRedirectWouldChoose() async throws {
        let app = try await AppHarness()
        let browser = CookieJar(app)
        let profile = await browser.get("/profile/\(Self.maya)")
        let ring = try #require(HTMLInspection.attributeValues("href", in: profile.text) { $0.hasPrefix("<a class=\"avatar-ring") }.first)
        let actor = try #require(ring.split(separator: "/").dropFirst().first)
        let profilePath = "/profile/\(actor)"
        let old = await browser.get("/stories/\(actor)?back=\(PercentEncodingForTests.encode(profilePath))&from=profile")
        let page = await browser.get(ring)
        await app.shutdown()
        #expect(ring.contains("/story/"))
        #expect(old.status == .seeOther && old.headers["Location"] == ring)
        #expect(page.status == .ok)
    }

    /// Without the author's stories at hand, a tile links to `/stories/{actor}`, which
    /// still leads to the story.
    @Test func withoutTheStoriesATileLinksToTheRedirect() async throws {
        let library = FakeStoryLibrary.fixtureScenario()
        library.update { $0.storiesUnknown = true }
        let app = try await AppHarness(library: library)
        let home = await app.respond("/")
        let strip = Self.links("strip-link", in: home.text)
        let followed = await app.respond(try #require(strip.first))
        await app.shutdown()
        #expect(!strip.isEmpty && strip.allSatisfy { $0.hasPrefix("/stories/") })
        #expect(followed.status == .seeOther)
    }
}
