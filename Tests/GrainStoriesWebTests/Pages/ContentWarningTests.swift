import ATProto
import ATProtoTestKit
import AppTestKit
import FeatureTestKit
import Foundation
import MicroHTTPServer
import Testing
import Viewing

@testable import GrainStoriesWeb

/// A story self-labelled `nudity` (Maya's second in the fixtures) shows only behind its
/// warning wherever its photo would appear: not as a profile thumbnail, not as the home
/// grid's cover, not in the archive, not beside the viewer, not in a link preview. Its
/// tile still opens the viewer, where "Show" (a plain `<details>`) lifts the warning,
/// so a browser without scripts can choose to see it.
@Suite struct ContentWarningTests {
    static let maya: DID = "did:plc:hbrpoigf3cbfnobm2o4rak3v"
    static let warned: RecordKey = "3muovdv3qvkv2"

    /// Each profile story tile: its link and its `<a …>…</a>` markup.
    static func tiles(_ html: String, className: String) -> [(href: String, markup: String)] {
        html.components(separatedBy: "<a class=\"\(className)\"").dropFirst().map { rest in
            let markup = String(rest.prefix { $0 != "\n" })
            return (HTMLInspection.unescape(HTMLInspection.attributeValues("href", in: "<a " + markup).first ?? ""), markup)
        }
    }

    @Test func aProfileShowsAWarnedStoryAsItsWarningThatOpensTheViewersShow() async throws {
        let app = try await AppHarness()
        let html = await app.respond(StoryLinks.profile(Self.maya)).text
        let tiles = Self.tiles(html, className: "profile-story")
        #expect(tiles.count == 3)
        let warned = try #require(tiles.first { $0.href.contains(Self.warned.rawValue) })
        #expect(!warned.markup.contains("<img"), "no photo: \(warned.markup)")
        #expect(warned.markup.contains("Nudity"))
        #expect(tiles.filter { $0.markup.contains("<img src=\"/media/") }.count == 2, "the others show their photos")
        // Without a script the tile is a link to the viewer, which offers Show.
        let viewer = await app.respond(warned.href).text
        await app.shutdown()
        #expect(viewer.contains("<details class=\"label-gate\">") && viewer.contains("<span class=\"label-show\">Show</span>"))
    }

    @Test func theGridsCoverIsTheNewestPhotoWithoutAWarningElseAWarningTile() async throws {
        let library = FakeStoryLibrary.fixtureScenario()
        let app = try await AppHarness(library: library)
        let stories = try await library.stories(of: Self.maya).value
        let signer = app.signer
        // Her newest story is plain: its thumbnail.
        #expect(await app.respond(StoryLinks.cover(Self.maya)).headers["Location"] == signer.path(for: stories[2].thumb))
        // Her newest is warned too: the newest plain one, passing over both warned ones.
        library.update { $0.stories[Self.maya]?[2].labels = [Label(val: "sexual")] }
        #expect(await app.respond(StoryLinks.cover(Self.maya)).headers["Location"] == signer.path(for: stories[0].thumb))
        // All warned: a tile that says so, served from the public files.
        library.update { $0.stories[Self.maya]?[0].labels = [Label(val: "graphic-media")] }
        let tile = try #require(await app.respond(StoryLinks.cover(Self.maya)).headers["Location"])
        let image = await app.respond(tile)
        await app.shutdown()
        #expect(tile.hasPrefix("/assets/warning-cover."))
        #expect(image.status == .ok && image.headers["Content-Type"]?.hasPrefix("image/svg+xml") == true)
        #expect(image.text.contains("Content warning"))
    }

    @Test func theArchiveShowsAWarnedStoryAsItsWarning() async throws {
        let library = StoryArchiveTests.library()
        let did = DID(FakePDS.Account.alice.did)!
        library.update { $0.archive[did]?[1].labels = [Label(val: "nudity")] }
        let pds = try FakePDS()
        defer { pds.stop() }
        let app = try await AppHarness(library: library)
        let (browser, _) = try await PostingFlowTests.signIn(app, pds)
        let html = HTMLInspection.section("archive", in: await browser.get(StoryLinks.profile(did)).text)
        await app.shutdown()
        let tiles = Self.tiles(html, className: "archive-tile")
        #expect(tiles.count == 30)
        #expect(tiles[0].markup.contains("<img src=\"/media/"))
        #expect(!tiles[1].markup.contains("<img") && tiles[1].markup.contains("Nudity"), "\(tiles[1].markup)")
        #expect(tiles[1].href.contains("/story/3marchive001"), "it opens the viewer, where Show is")
    }

    @Test func theViewerShowsNoPhotoOfAWarnedStoryBesideIt() async throws {
        let library = FakeStoryLibrary.fixtureScenario()
        let erin: DID = "did:plc:zrenun7z5jqipq3zxoi7fdhj"
        let app = try await AppHarness(library: library)
        let lastOfMaya = StoryLinks.story(did: Self.maya, handle: nil, rkey: "3mupadw3kg264")
        let plain = await app.respond(lastOfMaya).text
        library.update { $0.stories[erin]?[0].labels = [Label(val: "porn")] }
        let warned = await app.respond(lastOfMaya).text
        await app.shutdown()
        // Erin comes next: her photo shows small beside the viewer, unless it is warned.
        func neighbour(_ html: String) -> String {
            html.components(separatedBy: "<a class=\"viewer-neighbour\"").last.map { String($0.prefix { $0 != "\n" }) } ?? ""
        }
        #expect(neighbour(plain).contains("viewer-neighbour-photo"))
        #expect(neighbour(warned).contains("viewer-neighbour-name") && !neighbour(warned).contains("viewer-neighbour-photo"))
    }
}
