package import ATProto

/// Where pages get stories and profiles from. The live implementation reads Grain's
/// AppView through short-lived caches; tests substitute their own.
package protocol StoryLibrary: Sendable {
    /// Everyone with a live story, in the AppView's order (newest story first).
    func storyAuthors() async throws(StoryLibraryError) -> Fetched<[StoryAuthor]>
    /// An author's live stories, oldest first, without hide-labelled ones.
    func stories(of did: DID) async throws(StoryLibraryError) -> Fetched<[StoryView]>
    /// One story by AT URI, live or expired; nil when the AppView does not know it.
    func story(uri: ATURI) async throws(StoryLibraryError) -> StoryView?
    /// A profile by handle or DID; nil when there is no such actor.
    func profile(actor: ATIdentifier) async throws(StoryLibraryError) -> Fetched<ProfileViewDetailed?>
    /// A page of an author's stories of all time, newest first, expired ones included,
    /// without hide-labelled ones (a person's own archive).
    func archive(of did: DID, before cursor: Datetime?) async throws(StoryLibraryError) -> StoryArchivePage
    /// Forgets what is cached about an author and the strip (after posting or deleting).
    func invalidate(author did: DID) async
    /// What `storyAuthors()` would return or throw now, if that needs no waiting: the
    /// strip is in memory and fresh, or Grain is failing and the answer is the last good
    /// strip or the failure. Nil when `storyAuthors()` has to ask Grain. Never blocks;
    /// called on the HTTP server's own thread.
    func cachedStoryAuthors() -> Result<Fetched<[StoryAuthor]>, StoryLibraryError>?
    /// An author's stories as `stories(of:)` gave them last, if this library still holds
    /// them (fresh or not; nil otherwise), without the ones expired since. Never blocks
    /// and never asks Grain: pages link straight to a story with it (`StoryStart.link`),
    /// after checking the list against the strip.
    func knownStories(of did: DID) -> [StoryView]?
}

extension StoryLibrary {
    package func invalidate(author did: DID) async {}

    package func cachedStoryAuthors() -> Result<Fetched<[StoryAuthor]>, StoryLibraryError>? { nil }

    package func knownStories(of did: DID) -> [StoryView]? { nil }
}

/// A value and whether it is older than it should be because Grain could not be
/// reached just now (pages say so).
package struct Fetched<Value: Sendable>: Sendable {
    package var value: Value
    package var isStale: Bool

    package init(_ value: Value, isStale: Bool = false) {
        self.value = value
        self.isStale = isStale
    }
}

/// One page of an archive, and where the next begins (nil on the last page).
package struct StoryArchivePage: Sendable, Equatable {
    package var stories: [StoryView]
    package var next: Datetime?

    package init(stories: [StoryView], next: Datetime?) {
        self.stories = stories
        self.next = next
    }

    /// Stories per page, as Grain's own archive shows them.
    package static let pageSize = 30
}
