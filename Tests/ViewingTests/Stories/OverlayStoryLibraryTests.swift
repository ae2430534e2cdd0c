import ATProtoTestKit
import FeatureTestKit
import Foundation
import Testing

@testable import ATProto
@testable import Presentation
@testable import Social
@testable import Viewing

/// The overlay gives the same strip with and without waiting, folds in this server's own
/// stories, and hands back the very same array while nothing it depends on changed.
@Suite struct OverlayStoryLibraryTests {
    private static let now = Date(timeIntervalSince1970: 1_788_544_800)

    private static func author(_ suffix: String, minutesAgo: Double, stories: Int = 1) -> StoryAuthor {
        StoryAuthor(
            profile: ProfileView(did: DID("did:plc:overlaytest\(suffix)aaaaaaaaaaa")!, handle: nil, cid: "", displayName: "Author \(suffix)", avatar: nil),
            storyCount: stories, latestAt: Datetime(now.addingTimeInterval(-60 * minutesAgo))
        )
    }

    private static func storage(_ authors: [StoryAuthor]) -> UnsafeRawPointer? {
        authors.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }

    @Test func theStripWithoutWaitingIsTheStripWithWaiting() async throws {
        let base = FakeStoryLibrary()
        // Not newest first: the overlay sorts.
        base.update { $0.authors = [Self.author("bbb", minutesAgo: 50), Self.author("aaa", minutesAgo: 10), Self.author("ccc", minutesAgo: 90)] }
        let local = LocalStories(now: { Self.now })
        let overlay = OverlayStoryLibrary(base: base, local: local)
        let waited = try await overlay.storyAuthors()
        let cached = try #require(overlay.cachedStoryAuthors()).get()
        #expect(waited.value.map(\.profile.displayName) == ["Author aaa", "Author bbb", "Author ccc"])
        #expect(cached.value == waited.value)
        #expect(Self.storage(cached.value) == Self.storage(waited.value), "the same inputs give the same array back")
        #expect(Self.storage(try await overlay.storyAuthors().value) == Self.storage(waited.value))
    }

    @Test func aChangeInTheAppViewsStripOrInLocalStoriesGivesANewStrip() async throws {
        let base = FakeStoryLibrary()
        base.update { $0.authors = [Self.author("aaa", minutesAgo: 10), Self.author("bbb", minutesAgo: 50)] }
        let local = LocalStories(now: { Self.now })
        let overlay = OverlayStoryLibrary(base: base, local: local)
        let first = try #require(overlay.cachedStoryAuthors()).get().value
        base.update { $0.authors[1].storyCount = 4 }
        let second = try #require(overlay.cachedStoryAuthors()).get().value
        #expect(second[1].storyCount == 4)
        let mine = Self.author("new", minutesAgo: 1)
        await local.add(
            StoryView(
                uri: ATURI(mine.profile.did, .story, RecordKey("3mlocalstory1")), cid: "bafylocal", creator: mine.profile,
                thumb: "/local-photos/x", fullsize: "/local-photos/x", aspectRatio: AspectRatio(width: 3, height: 4), createdAt: mine.latestAt
            ))
        let third = try #require(overlay.cachedStoryAuthors()).get().value
        #expect(third.map(\.profile.displayName) == ["Author new", "Author aaa", "Author bbb"])
        #expect(try await overlay.storyAuthors().value == third)
        #expect(first.count == 2)
    }

    @Test func whatTheBaseCannotAnswerAtOnceNeitherCanTheOverlay() async throws {
        let base = FakeStoryLibrary()
        base.update { $0.mustWait = true }
        let overlay = OverlayStoryLibrary(base: base, local: LocalStories(now: { Self.now }))
        #expect(overlay.cachedStoryAuthors() == nil)
        base.update {
            $0.mustWait = false
            $0.failing = true
        }
        guard case .failure(.unavailable) = overlay.cachedStoryAuthors() else {
            Issue.record("a remembered failure is answered at once")
            return
        }
    }
}
