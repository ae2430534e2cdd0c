import ATProto
import ATProtoTestKit
import AppTestKit
import FeatureTestKit
import Foundation
import MicroHTTPServer
import Testing

@testable import GrainStoriesWeb
@testable import Presentation
@testable import Social
@testable import Viewing

/// A person's own profile keeps their stories of the past: 30 a page, newest first, as
/// tiles with dates; a tile opens that one story in the viewer, where it can be deleted.
/// Nobody else's profile shows an archive.
@Suite struct StoryArchiveTests {
    static let alice = FakePDS.Account.alice

    /// 45 old stories of Alice's, one a day, newest first, ending 2026-09-03.
    static func library() -> FakeStoryLibrary {
        let library = FakeStoryLibrary.fixtureScenario()
        let did = DID(alice.did)!
        let creator = ProfileView(did: did, handle: Handle(alice.handle))
        let newest = AppHarness.fixtureNow.addingTimeInterval(-86_400 - 3600)
        let stories = (0..<45).map { day in
            var story = StoryView(
                uri: ATURI(did, .story, RecordKey("3marchive\(String(format: "%03d", day))")!), cid: "bafyarchive\(day)", creator: creator,
                thumb: "https://cdn.grain.social/t/archive\(day)", fullsize: "https://cdn.grain.social/f/archive\(day)",
                aspectRatio: AspectRatio(width: 1500, height: 2000), createdAt: Datetime(newest.addingTimeInterval(Double(-day) * 86_400)))
            story.expired = true
            return story
        }
        library.update { state in
            state.profiles[.did(did)] = ProfileViewDetailed(did: did, handle: Handle(alice.handle))
            state.archive[did] = stories
            state.single = Dictionary(uniqueKeysWithValues: stories.map { ($0.uri, $0) })
        }
        return library
    }

    @Test func yourOwnProfileShowsYourArchiveThirtyAtATime() async throws {
        let pds = try FakePDS()
        defer { pds.stop() }
        let app = try await AppHarness(library: Self.library())
        let (browser, _) = try await PostingFlowTests.signIn(app, pds)
        let first = await browser.get("/profile/\(Self.alice.did)").text
        let section = HTMLInspection.section("archive", in: first)
        let tiles = HTMLInspection.attributeValues("href", in: section) { $0.contains("archive-tile") }
        #expect(tiles.count == 30)
        #expect(tiles.first == "/profile/\(Self.alice.handle)/story/3marchive000?back=%2Fprofile%2F\(Self.alice.handle)&from=profile")
        #expect(section.contains(">3 Sep 2026</time>"), "the newest tile's date badge")
        let next = try #require(HTMLInspection.attributeValues("href", in: section) { $0.contains("rel=\"next\"") }.first)
        let second = HTMLInspection.section("archive", in: await browser.get(next).text)
        let more = HTMLInspection.attributeValues("href", in: second) { $0.contains("archive-tile") }
        #expect(more.count == 15)
        #expect(more.first?.contains("3marchive030") == true, "the next page starts where the first ended")
        #expect(!second.contains("rel=\"next\""), "the last page")
        #expect(second.contains(">Newest stories</a>"))

        // A tile opens that story alone in the viewer, with delete.
        let viewer = await browser.get(tiles[0]).text
        #expect(viewer.contains("This story is more than 24 hours old."))
        #expect(viewer.contains("aria-label=\"Delete this story\""))
        #expect(viewer.contains("data-close-href=\"/profile/\(Self.alice.handle)\""))
        await app.shutdown()
    }

    @Test func nobodyElsesProfileShowsAnArchive() async throws {
        let pds = try FakePDS()
        defer { pds.stop() }
        let app = try await AppHarness(library: Self.library())
        let signedOut = await app.respond("/profile/\(Self.alice.did)").text
        let (browser, _) = try await PostingFlowTests.signIn(app, pds)
        let someoneElse = await browser.get("/profile/did:plc:hbrpoigf3cbfnobm2o4rak3v").text
        await app.shutdown()
        #expect(!signedOut.contains("Your archive"))
        #expect(!someoneElse.contains("Your archive"))
    }

    @Test func anUnreachableAppViewLeavesTheProfileUpWithANotice() async throws {
        let pds = try FakePDS()
        defer { pds.stop() }
        let library = Self.library()
        let app = try await AppHarness(library: library)
        let (browser, _) = try await PostingFlowTests.signIn(app, pds)
        // Only the archive fails: the rest of the profile still comes from the library.
        library.update { state in
            state.archive[DID(Self.alice.did)!] = nil
            state.archiveMissingFails = true
        }
        let response = await browser.get("/profile/\(Self.alice.did)?archive=not-a-datetime")
        await app.shutdown()
        #expect(response.status == .ok)
        let section = HTMLInspection.section("archive", in: response.text)
        #expect(section.contains("Grain could not be reached just now, so your past stories cannot be shown."))
        #expect(!section.contains("archive-tile"))
    }
}
