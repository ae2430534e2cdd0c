package import ATProto

/// Where TV mode is in its rotation: the story on screen among its author's stories
/// (with the one beside it when two portraits show as a pair, see `TVPairing`), where
/// each remote key leads from it, and who comes next. Every move wraps round: after the
/// last story of the last person comes the first of the first, and with one person (or
/// one story) the TV simply starts that again.
package struct TVProgramme: Sendable {
    /// How many people are tried, from the one asked for on, before the TV gives up
    /// finding one with a story it may play (each costs one cached AppView call).
    static let authorsTried = 10
    /// How many people the "up next" list names.
    static let upNextCount = 4

    package let rotation: TVRotation
    package let stories: [StoryView]
    package let index: Int
    /// The story shown beside `story` (a pair of portraits), or nil: the next of the same
    /// person's (at `index + 1`), or with `.consecutive` the next person's first.
    package let partner: StoryView?
    /// How many stories the partner's person has, when the partner is another person's.
    package let partnerCount: Int
    package let next: StoryView
    package let previous: StoryView
    package let nextAuthor: StoryView
    package let previousAuthor: StoryView

    package var story: StoryView { stories[index] }

    /// What `locate` found instead of a programme.
    package enum Gap: Error {
        /// No one in the rotation has a story TV mode may play.
        case nothingToPlay
        /// Grain failed for every person tried.
        case unavailable(StoryLibraryError)
    }

    /// The programme at `position` (nil: the start). A story that is gone starts its
    /// author again from their first story; a person who is gone (or has nothing TV mode
    /// plays) gives way to the next person round the circle. With `pairing`, a story that
    /// is half of a pair shows with the other half, the pair's first on the left.
    package static func locate(
        in rotation: TVRotation, at position: StoryPosition?, library: any StoryLibrary, pairing: TVPairing = .off
    ) async throws(Gap) -> TVProgramme {
        let count = rotation.authors.count
        let start = position.flatMap { rotation.index(of: $0.did) } ?? 0
        var failure: StoryLibraryError?
        for step in 0..<min(count, authorsTried) {
            let did = rotation.authors[(start + step) % count].profile.did
            let stories: [StoryView]
            do { stories = try await library.stories(of: did).value } catch {
                failure = error
                continue
            }
            guard !stories.isEmpty else { continue }
            let asked = step == 0 && position?.did == did ? position?.rkey : nil
            let index = asked.flatMap { rkey in stories.firstIndex { $0.rkey == rkey } } ?? 0
            guard pairing != .off else { return await programme(rotation: rotation, stories: stories, index: index, library: library) }
            return await pairedProgramme(rotation: rotation, stories: stories, index: index, library: library, pairing: pairing)
        }
        if let failure { throw .unavailable(failure) }
        throw .nothingToPlay
    }

    private static func programme(rotation: TVRotation, stories: [StoryView], index: Int, library: any StoryLibrary) async -> TVProgramme {
        let did = stories[index].creator.did
        let navigator = StoryNavigator(library: library, authorOrder: rotation.navigationOrder(around: did))
        let neighbors = await navigator.neighbors(author: did, stories: stories, index: index)
        // `.close` means nobody else has a story to go to: go round this author again.
        let next = if case .story(let story) = neighbors.next { story } else { stories[0] }
        let previous = if case .story(let story) = neighbors.previous { story } else { stories[stories.count - 1] }
        return TVProgramme(
            rotation: rotation, stories: stories, index: index, partner: nil, partnerCount: 0, next: next, previous: previous,
            nextAuthor: neighbors.nextAuthor ?? stories[0], previousAuthor: neighbors.previousAuthor ?? stories[0])
    }

    /// The people after this one, for the "up next" list.
    package var upNext: [StoryAuthor] {
        rotation.upNext(after: story.creator.did, count: TVProgramme.upNextCount)
    }

    /// 1-based place of this person in the rotation.
    package var personNumber: Int {
        (rotation.index(of: story.creator.did) ?? 0) + 1
    }
}
