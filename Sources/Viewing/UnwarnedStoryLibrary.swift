package import ATProto
package import FoundationEssentials

/// A story library whose authors' stories also leave out warn-labelled ones (nudity,
/// graphic media, …): what TV mode plays. A TV in a living room has nobody at it to
/// choose "Show" behind a warning, and a blurred photo nobody can open is no story, so
/// such stories are skipped there; the viewer still offers them behind their warning.
/// Hide-labelled stories are already gone (every library drops them). Which stories those
/// are is `StoryVisibility`'s answer, as everywhere else.
package struct UnwarnedStoryLibrary: StoryLibrary {
    package let base: any StoryLibrary
    private let now: @Sendable () -> Date

    package init(base: any StoryLibrary, now: @escaping @Sendable () -> Date) {
        self.base = base
        self.now = now
    }

    package func storyAuthors() async throws(StoryLibraryError) -> Fetched<[StoryAuthor]> {
        try await base.storyAuthors()
    }

    package func stories(of did: DID) async throws(StoryLibraryError) -> Fetched<[StoryView]> {
        var fetched = try await base.stories(of: did)
        let anyone = StoryVisibility(now: now())
        fetched.value.removeAll { !anyone.showsPhotoUnasked($0) }
        return fetched
    }

    package func story(uri: ATURI) async throws(StoryLibraryError) -> StoryView? {
        try await base.story(uri: uri)
    }

    package func archive(of did: DID, before cursor: Datetime?) async throws(StoryLibraryError) -> StoryArchivePage {
        try await base.archive(of: did, before: cursor)
    }

    package func profile(actor: ATIdentifier) async throws(StoryLibraryError) -> Fetched<ProfileViewDetailed?> {
        try await base.profile(actor: actor)
    }

    package func invalidate(author did: DID) async {
        await base.invalidate(author: did)
    }
}
