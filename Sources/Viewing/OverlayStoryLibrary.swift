package import ATProto
import FoundationEssentials

/// The AppView's answers with this server's own recent posts and deletions applied
/// (see `LocalStories`). Once the AppView lists a story itself, its version wins.
package struct OverlayStoryLibrary: StoryLibrary {
    package let base: any StoryLibrary
    package let local: LocalStories
    private let memo = MergedStripMemo()

    package init(base: any StoryLibrary, local: LocalStories) {
        self.base = base
        self.local = local
    }

    package func storyAuthors() async throws(StoryLibraryError) -> Fetched<[StoryAuthor]> {
        remembered(try await base.storyAuthors())
    }

    package func cachedStoryAuthors() -> Result<Fetched<[StoryAuthor]>, StoryLibraryError>? {
        base.cachedStoryAuthors().map { $0.map(remembered) }
    }

    private func remembered(_ fetched: Fetched<[StoryAuthor]>) -> Fetched<[StoryAuthor]> {
        let mine = local.liveStoriesByAuthor()
        return memo.merged(fetched, local: mine) { Self.merged(fetched, local: mine) }
    }

    /// The AppView's strip with this server's live stories folded in, in the AppView's
    /// order (newest story first). Without local stories the AppView's array comes back
    /// as it was when it is already in that order, so pages can tell an unchanged strip
    /// cheaply.
    static func merged(_ fetched: Fetched<[StoryAuthor]>, local: [DID: [StoryView]]) -> Fetched<[StoryAuthor]> {
        var fetched = fetched
        for did in local.keys.sorted() {
            guard let mine = local[did], let newest = mine.last else { continue }
            if let index = fetched.value.firstIndex(where: { $0.profile.did == did }) {
                var author = fetched.value[index]
                let unlisted = mine.filter { $0.createdAt > author.latestAt }
                author.storyCount += unlisted.count
                if newest.createdAt > author.latestAt { author.latestAt = newest.createdAt }
                fetched.value[index] = author
            } else {
                fetched.value.append(StoryAuthor(profile: newest.creator, storyCount: mine.count, latestAt: newest.createdAt))
            }
        }
        // Keep the AppView's order (newest story first) with the local changes folded in;
        // a stable sort leaves an array already in that order as it is.
        let authors = fetched.value
        if zip(authors, authors.dropFirst()).allSatisfy({ $0.latestAt >= $1.latestAt }) { return fetched }
        fetched.value = authors.enumerated().sorted { lhs, rhs in
            lhs.element.latestAt != rhs.element.latestAt ? lhs.element.latestAt > rhs.element.latestAt : lhs.offset < rhs.offset
        }.map(\.element)
        return fetched
    }

    package func stories(of did: DID) async throws(StoryLibraryError) -> Fetched<[StoryView]> {
        var fetched = try await base.stories(of: did)
        fetched.value = Self.merged(fetched.value, deleted: await local.deletedURIs(), local: await local.stories(of: did))
        return fetched
    }

    package func knownStories(of did: DID) -> [StoryView]? {
        base.knownStories(of: did).map { Self.merged($0, deleted: local.deletedNow(), local: local.storiesNow(of: did)) }
    }

    /// The AppView's `listed` stories of one author without those deleted here, with this
    /// server's own that it does not list yet, oldest first.
    static func merged(_ listed: [StoryView], deleted: Set<ATURI>, local: [StoryView]) -> [StoryView] {
        let keys = Set(listed.map(\.rkey))
        return (listed.filter { !deleted.contains($0.uri) } + local.filter { !keys.contains($0.rkey) }).sorted { $0.createdAt < $1.createdAt }
    }

    package func story(uri: ATURI) async throws(StoryLibraryError) -> StoryView? {
        if await local.isDeleted(uri) { return nil }
        if let did = uri.did, let mine = await local.stories(of: did).first(where: { $0.uri == uri }) { return mine }
        return try await base.story(uri: uri)
    }

    /// The AppView's archive without the stories deleted here that it may still list.
    package func archive(of did: DID, before cursor: Datetime?) async throws(StoryLibraryError) -> StoryArchivePage {
        var page = try await base.archive(of: did, before: cursor)
        var kept: [StoryView] = []
        for story in page.stories where !(await local.isDeleted(story.uri)) { kept.append(story) }
        page.stories = kept
        return page
    }

    package func profile(actor: ATIdentifier) async throws(StoryLibraryError) -> Fetched<ProfileViewDetailed?> {
        try await base.profile(actor: actor)
    }

    package func invalidate(author did: DID) async {
        await base.invalidate(author: did)
    }
}
