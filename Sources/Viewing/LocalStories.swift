package import ATProto
package import FoundationEssentials
import Synchronization

/// Stories posted through this server that Grain's AppView may not list yet, and
/// stories deleted here that it may still list. Pages see the AppView's answers with
/// these applied (`OverlayStoryLibrary`), so a new story shows in the strip and viewer
/// at once and a deleted one disappears at once.
///
/// The state sits behind a lock so `liveStoriesByAuthor()` can be read without a hop to
/// the actor, by a page answered on the HTTP server's own thread.
package actor LocalStories {
    private struct State {
        var posted: [DID: [StoryView]] = [:]
        var deleted: [ATURI: Date] = [:]
    }

    private let state = Mutex(State())
    private let now: @Sendable () -> Date

    package init(now: @escaping @Sendable () -> Date) {
        self.now = now
    }

    package func add(_ story: StoryView) {
        state.withLock { state in
            var stories = state.posted[story.creator.did, default: []].filter { $0.uri != story.uri }
            stories.append(story)
            state.posted[story.creator.did] = stories
        }
    }

    package func markDeleted(uri: ATURI) {
        let time = now()
        state.withLock { state in
            state.deleted[uri] = time
            for (did, stories) in state.posted { state.posted[did] = stories.filter { $0.uri != uri } }
        }
    }

    /// Live local stories of `did` (past 24 hours), oldest first.
    package func stories(of did: DID) -> [StoryView] {
        storiesNow(of: did)
    }

    /// `stories(of:)` from any thread, for pages answered without waiting.
    package nonisolated func storiesNow(of did: DID) -> [StoryView] {
        let cutoff = now().addingTimeInterval(-86_400)
        return Self.live(state.withLock { $0.posted[did] } ?? [], cutoff: cutoff)
    }

    /// The stories deleted here in the past two days, from any thread.
    package nonisolated func deletedNow() -> Set<ATURI> {
        let cutoff = now().addingTimeInterval(-2 * 86_400)
        return state.withLock { state in Set(state.deleted.filter { $0.value > cutoff }.keys) }
    }

    /// Authors with live local stories.
    package func authors() -> [DID] {
        liveStoriesByAuthor().keys.sorted()
    }

    /// Every author's live local stories (past 24 hours), oldest first; authors without
    /// any are left out. Never waits.
    package nonisolated func liveStoriesByAuthor() -> [DID: [StoryView]] {
        let cutoff = now().addingTimeInterval(-86_400)
        let posted = state.withLock { $0.posted }
        var live: [DID: [StoryView]] = [:]
        for (did, stories) in posted {
            let kept = Self.live(stories, cutoff: cutoff)
            if !kept.isEmpty { live[did] = kept }
        }
        return live
    }

    package func isDeleted(_ uri: ATURI) -> Bool {
        deletedURIs().contains(uri)
    }

    package func deletedURIs() -> Set<ATURI> {
        let cutoff = now().addingTimeInterval(-2 * 86_400)
        return state.withLock { state in
            state.deleted = state.deleted.filter { $0.value > cutoff }
            return Set(state.deleted.keys)
        }
    }

    private static func live(_ stories: [StoryView], cutoff: Date) -> [StoryView] {
        stories.filter { $0.createdAt.date > cutoff }.sorted { $0.createdAt < $1.createdAt }
    }
}
