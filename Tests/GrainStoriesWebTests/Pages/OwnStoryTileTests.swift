import ATProto
import ATProtoTestKit
import AppTestKit
import FeatureTestKit
import Foundation
import MicroHTTPServer
import Testing
import Viewing

@testable import GrainStoriesWeb

/// The signed-in person's own tile leads the strip: their avatar with a plus badge; with
/// a live story it offers "View your story" and "Add to your story" (a `<details>` menu,
/// so it works without the script), and their story is not listed a second time.
@Suite struct OwnStoryTileTests {
    static let alice = FakePDS.Account.alice

    /// The fixture strip with Alice (who has a Grain profile with an avatar) third.
    static func library(aliceHasAStory: Bool) -> FakeStoryLibrary {
        let library = FakeStoryLibrary.fixtureScenario()
        let did = DID(alice.did)!
        let profile = ProfileView(did: did, handle: Handle(alice.handle), displayName: "Alice Liddell", avatar: "https://cdn.grain.social/avatar/alice")
        library.update { state in
            var detailed = ProfileViewDetailed(did: did, handle: Handle(alice.handle))
            detailed.displayName = "Alice Liddell"
            detailed.avatar = "https://cdn.grain.social/avatar/alice"
            state.profiles[.did(did)] = detailed
            if aliceHasAStory {
                let author = StoryAuthor(profile: profile, storyCount: 2, latestAt: state.authors[0].latestAt)
                state.authors.insert(author, at: 2)
                state.stories[did] = FakeStoryLibrary.syntheticStories(for: author)
            }
        }
        return library
    }

    static func home(aliceHasAStory: Bool) async throws -> (signedIn: String, viewer: String) {
        let pds = try FakePDS()
        defer { pds.stop() }
        let library = library(aliceHasAStory: aliceHasAStory)
        let app = try await AppHarness(library: library)
        let (browser, _) = try await PostingFlowTests.signIn(app, pds)
        let page = await browser.get("/").text
        let stories = try await library.stories(of: DID(alice.did)!).value
        let viewer = stories.isEmpty ? "" : await browser.get(StoryLinks.story(did: DID(alice.did)!, handle: nil, rkey: stories[0].rkey)).text
        await app.shutdown()
        return (page, viewer)
    }

    @Test func withoutAStoryTheTileIsYourAvatarWithAPlusLeadingToTheForm() async throws {
        let strip = HTMLInspection.section("strip", in: try await Self.home(aliceHasAStory: false).signedIn)
        let tile = String(strip.split(separator: "</li>")[0])
        #expect(tile.contains("<li class=\"strip-item strip-create\">"))
        #expect(tile.contains("href=\"/stories/new\""))
        #expect(tile.contains("aria-label=\"Add to your story\""))
        #expect(tile.contains("class=\"plus-badge\""))
        #expect(tile.contains("<img class=\"avatar\" src=\"/media/"), "the person's own avatar, through the proxy")
        #expect(!tile.contains("View your story"))
        #expect(tile.contains("Your story"))
    }

    @Test func withAStoryTheTileOffersViewAndAddAndTheStoryIsNotListedTwice() async throws {
        let pages = try await Self.home(aliceHasAStory: true)
        let strip = HTMLInspection.section("strip", in: pages.signedIn)
        let tile = String(strip.split(separator: "</li>")[0])
        #expect(tile.contains("<details class=\"own-menu\">"))
        #expect(tile.contains("aria-label=\"Your story, 2 stories: view it or add to it\""))
        #expect(tile.contains("avatar-ring ring-unseen"))
        let menu = HTMLInspection.attributeValues("href", in: tile) { $0.contains("own-menu-item") }
        // "View your story" opens her first story (her second posted after it).
        #expect(menu.count == 2 && menu[0].hasPrefix("/profile/\(Self.alice.handle)/story/") && menu[1] == "/stories/new", "\(menu)")
        #expect(tile.contains(">View your story</a>") && tile.contains(">Add to your story</a>"))
        // Alice is nowhere else in the strip or the grid.
        let others = HTMLInspection.attributeValues("href", in: strip) { $0.contains("class=\"strip-link\"") }
        #expect(!others.contains("/stories/\(Self.alice.handle)"))
        #expect(others.count == 4)
        let grid = HTMLInspection.section("people", in: pages.signedIn)
        #expect(!grid.contains(Self.alice.did) && !grid.contains("/stories/\(Self.alice.handle)"))
        // The viewer moves on from Alice's last story to the first person after her in the strip.
        #expect(pages.viewer.contains("data-next-author-href=\"/profile/kenji.photo/story/"))
        #expect(!pages.viewer.contains("data-previous-author-href=\"/profile/"), "she comes first, so there is no one before her")
    }

    @Test func signedOutTheTileAsksToSignInAndReturnsToTheForm() async throws {
        let app = try await AppHarness(library: Self.library(aliceHasAStory: true))
        let html = await app.respond("/").text
        await app.shutdown()
        let tile = String(HTMLInspection.section("strip", in: html).split(separator: "</li>")[0])
        #expect(tile.contains("href=\"/signin?next=%2Fstories%2Fnew\""))
        #expect(!tile.contains("own-menu"))
        // Signed out, Alice is a person like any other in the strip.
        let links = HTMLInspection.attributeValues("href", in: HTMLInspection.section("strip", in: html)) { $0.contains("data-opens-viewer") }
        #expect(links.count == 5 && links.contains { $0.hasPrefix("/profile/\(Self.alice.handle)/story/") }, "\(links)")
    }
}
