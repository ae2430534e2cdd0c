public import Foundation
public import ATProto

/// Stories posted through this server that Grain's AppView may not list yet, and
/// stories deleted here that it may still list. Pages see the AppView's answers with
/// these applied (`OverlayStoryLibrary`), so a new story shows in the strip and viewer
/// at once and a deleted one disappears at once.
public actor LocalStories {
    private var posted: [DID: [StoryView]] = [:]
    private var deleted: [ATURI: Date] = [:]
    private let now: @Sendable () -> Date

    public init(now: @escaping @Sendable () -> Date) {
        self.now = now
    }

    public func add(_ story: StoryView) {
        var stories = posted[story.creator.did, default: []].filter { $0.uri != story.uri }
        stories.append(story)
        posted[story.creator.did] = stories
    }

    public func markDeleted(uri: ATURI) {
        deleted[uri] = now()
        for (did, stories) in posted { posted[did] = stories.filter { $0.uri != uri } }
    }

    /// Live local stories of `did` (past 24 hours), oldest first.
    public func stories(of did: DID) -> [StoryView] {
        let cutoff = now().addingTimeInterval(-86_400)
        return (posted[did] ?? []).filter { $0.createdAt.date > cutoff }
            .sorted { $0.createdAt < $1.createdAt }
    }

    /// Authors with live local stories.
    public func authors() -> [DID] {
        posted.keys.filter { !stories(of: $0).isEmpty }.sorted()
    }

    public func isDeleted(_ uri: ATURI) -> Bool {
        let cutoff = now().addingTimeInterval(-2 * 86_400)
        deleted = deleted.filter { $0.value > cutoff }
        return deleted[uri] != nil
    }

    public func deletedURIs() -> Set<ATURI> {
        let cutoff = now().addingTimeInterval(-2 * 86_400)
        deleted = deleted.filter { $0.value > cutoff }
        return Set(deleted.keys)
    }
}
