package import ATProto
package import FoundationEssentials
import GrainSupport

/// The live `StoryLibrary`: Grain's AppView behind short-lived caches (the strip and
/// an author's stories for ~30 s, profiles for ~5 min), with one upstream call per key
/// at a time and the last good answer served while refreshing or when Grain is down.
/// After a failure each key is asked again only after a pause (2 s, doubling to a
/// minute), so an outage costs Grain one call per key per pause however many pages
/// load, and what the browser sends (`Cache-Control: no-cache`) never adds calls.
/// Unknown actors are remembered like any profile (as nil), so asking for a made-up
/// name again and again asks Grain once.
///
/// Stories past their 24 hours and hide-labelled stories are dropped on the way out,
/// so even an old cached answer never shows them.
package struct AppViewStoryLibrary: StoryLibrary {
    package struct Lifetimes: Sendable {
        package var strip: Duration = .seconds(30)
        package var stories: Duration = .seconds(30)
        package var profiles: Duration = .seconds(300)
        package init() {}
    }

    private let authorsCache: RefreshingCache<String, [StoryAuthor], XRPCError>
    private let storiesCache: RefreshingCache<DID, [StoryView], XRPCError>
    private let storyCache: RefreshingCache<ATURI, StoryView?, XRPCError>
    private let profileCache: RefreshingCache<ATIdentifier, ProfileViewDetailed?, XRPCError>
    private let now: @Sendable () -> Date
    private let clock: @Sendable () -> ContinuousClock.Instant
    private let client: AppViewClient
    private let stripMemo = FreshStripMemo()

    /// `clock` times the caches' lifetimes and failure pauses; `now` is the wall clock
    /// that decides which stories are still within their 24 hours.
    package init(
        client: AppViewClient, lifetimes: Lifetimes = Lifetimes(), now: @escaping @Sendable () -> Date = Date.init,
        clock: @escaping @Sendable () -> ContinuousClock.Instant = { .now }
    ) {
        self.now = now
        self.clock = clock
        self.client = client
        authorsCache = RefreshingCache(lifetime: lifetimes.strip, capacity: 1, now: clock) { (_: String) async throws(XRPCError) in
            try await client.storyAuthors()
        }
        storiesCache = RefreshingCache(lifetime: lifetimes.stories, capacity: 1024, now: clock) { (did: DID) async throws(XRPCError) in
            try await client.stories(actor: did)
        }
        storyCache = RefreshingCache(lifetime: lifetimes.stories, capacity: 1024, now: clock) { (uri: ATURI) async throws(XRPCError) in
            try await client.story(uri: uri)
        }
        profileCache = RefreshingCache(lifetime: lifetimes.profiles, capacity: 1024, now: clock) { (actor: ATIdentifier) async throws(XRPCError) in
            try await client.profile(actor: actor)
        }
    }

    package func storyAuthors() async throws(StoryLibraryError) -> Fetched<[StoryAuthor]> {
        let lookup = try await fetch("strip", from: authorsCache)
        return Fetched(live(lookup.value), isStale: lookup.isStale)
    }

    package func cachedStoryAuthors() -> Result<Fetched<[StoryAuthor]>, StoryLibraryError>? {
        let changeCount = authorsCache.changeCount
        if let authors = stripMemo.authors(changeCount: changeCount, now: clock()) {
            return .success(Fetched(live(authors), isStale: false))
        }
        switch authorsCache.immediateValue(for: "strip") {
        case .success(let lookup):
            if let freshUntil = lookup.freshUntil { stripMemo.keep(lookup.value, changeCount: changeCount, freshUntil: freshUntil) }
            return .success(Fetched(live(lookup.value), isStale: lookup.isStale))
        case .failure(let error): return .failure(.unavailable(error))
        case nil: return nil
        }
    }

    /// The authors whose newest story is within its 24 hours; the very array given when
    /// that is all of them, so pages can tell an unchanged strip cheaply.
    private func live(_ authors: [StoryAuthor]) -> [StoryAuthor] {
        let cutoff = now().addingTimeInterval(-86_400)
        guard !authors.allSatisfy({ $0.latestAt.date > cutoff }) else { return authors }
        return authors.filter { $0.latestAt.date > cutoff }
    }

    package func stories(of did: DID) async throws(StoryLibraryError) -> Fetched<[StoryView]> {
        let lookup = try await fetch(did, from: storiesCache)
        return Fetched(visible(lookup.value, of: did), isStale: lookup.isStale)
    }

    package func knownStories(of did: DID) -> [StoryView]? {
        storiesCache.knownValue(for: did).map { visible($0, of: did) }
    }

    /// `did`'s stories within their 24 hours and not hide-labelled.
    private func visible(_ stories: [StoryView], of did: DID) -> [StoryView] {
        let current = now()
        let cutoff = current.addingTimeInterval(-86_400)
        return stories.filter { story in
            guard story.createdAt.date > cutoff, story.creator.did == did else { return false }
            return StoryVisibility(now: current).story(story) != .notShown(.labelled)
        }
    }

    package func story(uri: ATURI) async throws(StoryLibraryError) -> StoryView? {
        try await fetch(uri, from: storyCache).value
    }

    /// Not cached: only the owner asks, a page at a time, and a story they just deleted
    /// must not come back.
    package func archive(of did: DID, before cursor: Datetime?) async throws(StoryLibraryError) -> StoryArchivePage {
        let page: StoriesResponse
        do { page = try await client.storyArchive(actor: did, limit: StoryArchivePage.pageSize, before: cursor) } catch { throw .unavailable(error) }
        let current = now()
        let anyone = StoryVisibility(now: current)
        let visible = page.stories.filter { $0.creator.did == did && anyone.story($0) != .notShown(.labelled) }
        return StoryArchivePage(stories: visible, next: page.cursor.flatMap { Datetime($0) })
    }

    package func profile(actor: ATIdentifier) async throws(StoryLibraryError) -> Fetched<ProfileViewDetailed?> {
        let lookup = try await fetch(actor, from: profileCache)
        return Fetched(lookup.value, isStale: lookup.isStale)
    }

    package func invalidate(author did: DID) async {
        await authorsCache.invalidate("strip")
        await storiesCache.invalidate(did)
    }

    /// Waits until no AppView call is running (tests: a background refresh has landed).
    package func settle() async {
        await authorsCache.settle()
        await storiesCache.settle()
        await storyCache.settle()
        await profileCache.settle()
    }

    /// The one place an AppView failure becomes a library failure, keeping it as the cause.
    private func fetch<Key, Value>(
        _ key: Key, from cache: RefreshingCache<Key, Value, XRPCError>
    ) async throws(StoryLibraryError) -> RefreshingCache<Key, Value, XRPCError>.Lookup {
        do throws(XRPCError) { return try await cache.value(for: key) } catch { throw .unavailable(error) }
    }
}
