package import ATProto
import CurlHTTPClient
import Foundation
import Synchronization
import TestKit
package import Viewing

/// An in-memory `StoryLibrary` for page tests that need no socket: authors, stories and
/// profiles set by the test, with a switch to make every call fail like an unreachable
/// AppView.
package final class FakeStoryLibrary: StoryLibrary {
    private struct State {
        var authors: [StoryAuthor] = []
        var stories: [DID: [StoryView]] = [:]
        var archive: [DID: [StoryView]] = [:]
        var archiveMissingFails = false
        var single: [ATURI: StoryView] = [:]
        var profiles: [ATIdentifier: ProfileViewDetailed] = [:]
        var failing = false
        var stale = false
        var onlyGivenProfiles = false
        var mustWait = false
        var storiesUnknown = false
    }

    private let state = Mutex(State())

    package init() {}

    /// The fixtures' scenario (Kenji, Tomás, Maya with three stories, Erin without a
    /// profile), with each author's stories derived from the fixtures.
    package static func fixtureScenario() -> FakeStoryLibrary {
        let library = FakeStoryLibrary()
        let authors = (try? JSONDecoder().decode(StoryAuthorsResponse.self, from: Fixtures.data("getStoryAuthors")).authors) ?? []
        let maya = (try? JSONDecoder().decode(StoriesResponse.self, from: Fixtures.data("getStories")).stories) ?? []
        let profile = try? JSONDecoder().decode(ProfileViewDetailed.self, from: Fixtures.data("getProfile"))
        library.update { state in
            state.authors = authors
            for author in authors {
                state.stories[author.profile.did] =
                    author.profile.did == maya.first?.creator.did
                    ? maya
                    : FakeStoryLibrary.syntheticStories(for: author)
            }
            if let profile {
                state.profiles[.did(profile.did)] = profile
                if let handle = profile.handle { state.profiles[.handle(handle)] = profile }
            }
        }
        return library
    }

    /// `storyCount` stories for an author, one minute apart, ending at `latestAt`.
    package static func syntheticStories(for author: StoryAuthor) -> [StoryView] {
        let latest = author.latestAt.date
        return (0..<max(author.storyCount, 0)).reversed().map { offset in
            let created = latest.addingTimeInterval(Double(-offset * 60))
            let rkey = "3mstory\(author.profile.did.rawValue.suffix(4))\(offset)"
            return StoryView(
                uri: ATURI(author.profile.did, .story, RecordKey(rkey)!), cid: "bafyreifake\(offset)", creator: author.profile,
                thumb: "https://cdn.grain.social/t/\(rkey)", fullsize: "https://cdn.grain.social/f/\(rkey)",
                aspectRatio: AspectRatio(width: 1500, height: 2000), createdAt: Datetime(created)
            )
        }
    }

    package func update(_ body: (inout FakeStoryLibraryState) -> Void) {
        state.withLock { state in
            var view = FakeStoryLibraryState(
                authors: state.authors, stories: state.stories, archive: state.archive, archiveMissingFails: state.archiveMissingFails, single: state.single,
                profiles: state.profiles, failing: state.failing,
                stale: state.stale, onlyGivenProfiles: state.onlyGivenProfiles, mustWait: state.mustWait, storiesUnknown: state.storiesUnknown
            )
            body(&view)
            state.authors = view.authors
            state.stories = view.stories
            state.archive = view.archive
            state.archiveMissingFails = view.archiveMissingFails
            state.single = view.single
            state.profiles = view.profiles
            state.failing = view.failing
            state.stale = view.stale
            state.onlyGivenProfiles = view.onlyGivenProfiles
            state.mustWait = view.mustWait
            state.storiesUnknown = view.storiesUnknown
        }
    }

    /// What the fake throws while `failing`: a refused connection to the AppView, typed
    /// all the way down like the live library's failures.
    package static let outage = StoryLibraryError.unavailable(
        .transport(
            .transport(
                HTTPClientError(.connectFailed, curlCode: 7, message: "fake: unreachable")
            )))

    package func storyAuthors() async throws(StoryLibraryError) -> Fetched<[StoryAuthor]> {
        let (value, failing, stale) = state.withLock { ($0.authors, $0.failing, $0.stale) }
        if failing { throw FakeStoryLibrary.outage }
        return Fetched(value, isStale: stale)
    }

    /// What `storyAuthors()` gives, without waiting, unless `mustWait` is set (as when the
    /// live library has to ask Grain).
    package func cachedStoryAuthors() -> Result<Fetched<[StoryAuthor]>, StoryLibraryError>? {
        let (value, failing, stale, mustWait) = state.withLock { ($0.authors, $0.failing, $0.stale, $0.mustWait) }
        if mustWait { return nil }
        return failing ? .failure(FakeStoryLibrary.outage) : .success(Fetched(value, isStale: stale))
    }

    package func stories(of did: DID) async throws(StoryLibraryError) -> Fetched<[StoryView]> {
        let (value, failing, stale) = state.withLock { ($0.stories[did] ?? [], $0.failing, $0.stale) }
        if failing { throw FakeStoryLibrary.outage }
        return Fetched(value, isStale: stale)
    }

    /// Every author's stories are in memory, unless `storiesUnknown` or `failing`.
    package func knownStories(of did: DID) -> [StoryView]? {
        state.withLock { $0.storiesUnknown || $0.failing ? nil : $0.stories[did] }
    }

    package func story(uri: ATURI) async throws(StoryLibraryError) -> StoryView? {
        let (single, all, failing) = state.withLock { ($0.single[uri], $0.stories.values.flatMap { $0 }, $0.failing) }
        if failing { throw FakeStoryLibrary.outage }
        return single ?? all.first { $0.uri == uri }
    }

    /// `state.archive[did]` (newest first), `StoryArchivePage.pageSize` at a time, paged
    /// by `createdAt` as Grain's AppView pages it.
    package func archive(of did: DID, before cursor: Datetime?) async throws(StoryLibraryError) -> StoryArchivePage {
        let (all, failing) = state.withLock { ($0.archive[did] ?? [], $0.failing || $0.archive[did] == nil && $0.archiveMissingFails) }
        if failing { throw FakeStoryLibrary.outage }
        let older = all.filter { cursor == nil || $0.createdAt < cursor! }
        let page = Array(older.prefix(StoryArchivePage.pageSize))
        return StoryArchivePage(stories: page, next: older.count > page.count ? page.last?.createdAt : nil)
    }

    package func profile(actor: ATIdentifier) async throws(StoryLibraryError) -> Fetched<ProfileViewDetailed?> {
        let (value, failing) = state.withLock { state -> (ProfileViewDetailed?, Bool) in
            if let profile = state.profiles[actor] { return (profile, state.failing) }
            // A profile given by DID is found by its handle too, as the AppView finds it.
            if let handle = actor.handle, let profile = state.profiles.values.first(where: { $0.handle == handle }) { return (profile, state.failing) }
            if state.onlyGivenProfiles { return (nil, state.failing) }
            let author = state.authors.first { candidate in
                actor == .did(candidate.profile.did) || (actor.handle != nil && actor.handle == candidate.profile.handle)
            }
            return (
                author.map { author in
                    var profile = ProfileViewDetailed(did: author.profile.did, handle: author.profile.handle)
                    profile.displayName = author.profile.displayName
                    profile.avatar = author.profile.avatar
                    return profile
                }, state.failing
            )
        }
        if failing { throw FakeStoryLibrary.outage }
        return Fetched(value)
    }
}

/// The editable contents of a `FakeStoryLibrary`.
package struct FakeStoryLibraryState: Sendable {
    package var authors: [StoryAuthor]
    package var stories: [DID: [StoryView]]
    /// Each author's stories of all time, newest first (`archive(of:before:)`).
    package var archive: [DID: [StoryView]]
    /// An author with no `archive` entry gets the outage error instead of an empty archive.
    package var archiveMissingFails: Bool
    /// Stories only `story(uri:)` knows (expired, hidden).
    package var single: [ATURI: StoryView]
    package var profiles: [ATIdentifier: ProfileViewDetailed]
    package var failing: Bool
    package var stale: Bool
    /// As the AppView: someone without a Grain profile record has no profile, even with
    /// live stories (otherwise one is made up from the strip, for convenience).
    package var onlyGivenProfiles: Bool
    /// `cachedStoryAuthors()` answers nil, as the live library does when it must ask Grain.
    package var mustWait: Bool
    /// `knownStories(of:)` answers nil, as the live library does for an author whose
    /// stories it has not fetched.
    package var storiesUnknown: Bool = false
}
