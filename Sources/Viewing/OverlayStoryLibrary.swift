import Foundation
public import ATProto

/// The AppView's answers with this server's own recent posts and deletions applied
/// (see `LocalStories`). Once the AppView lists a story itself, its version wins.
public struct OverlayStoryLibrary: StoryLibrary {
    public let base: any StoryLibrary
    public let local: LocalStories

    public init(base: any StoryLibrary, local: LocalStories) {
        self.base = base
        self.local = local
    }

    public func storyAuthors() async throws(StoryLibraryError) -> Fetched<[StoryAuthor]> {
        var fetched = try await base.storyAuthors()
        for did in await local.authors() {
            let mine = await local.stories(of: did)
            guard let newest = mine.last else { continue }
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
        // Keep the AppView's order (newest story first) with the local changes folded in.
        fetched.value = fetched.value.enumerated().sorted { lhs, rhs in
            lhs.element.latestAt != rhs.element.latestAt ? lhs.element.latestAt > rhs.element.latestAt : lhs.offset < rhs.offset
        }.map(\.element)
        return fetched
    }

    public func stories(of did: DID) async throws(StoryLibraryError) -> Fetched<[StoryView]> {
        var fetched = try await base.stories(of: did)
        let deleted = await local.deletedURIs()
        let listed = Set(fetched.value.map(\.rkey))
        fetched.value = (fetched.value.filter { !deleted.contains($0.uri) } + (await local.stories(of: did)).filter { !listed.contains($0.rkey) })
            .sorted { $0.createdAt < $1.createdAt }
        return fetched
    }

    public func story(uri: ATURI) async throws(StoryLibraryError) -> StoryView? {
        if await local.isDeleted(uri) { return nil }
        if let did = uri.did, let mine = await local.stories(of: did).first(where: { $0.uri == uri }) { return mine }
        return try await base.story(uri: uri)
    }

    /// The AppView's archive without the stories deleted here that it may still list.
    public func archive(of did: DID, before cursor: Datetime?) async throws(StoryLibraryError) -> StoryArchivePage {
        var page = try await base.archive(of: did, before: cursor)
        var kept: [StoryView] = []
        for story in page.stories where !(await local.isDeleted(story.uri)) { kept.append(story) }
        page.stories = kept
        return page
    }

    public func profile(actor: ATIdentifier) async throws(StoryLibraryError) -> Fetched<ProfileViewDetailed?> {
        try await base.profile(actor: actor)
    }

    public func invalidate(author did: DID) async {
        await base.invalidate(author: did)
    }
}
