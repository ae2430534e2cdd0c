package import ATProto

/// Works out where "previous" and "next" lead from a story: within the author, then
/// on to the neighbouring authors in strip order, and finally out of the viewer. Moving
/// on to the next author starts at their first story `seen` does not cover (their first
/// when all were seen), as opening them from the strip does.
package struct StoryNavigator: Sendable {
    /// Where a control leads.
    package enum Target: Sendable, Equatable {
        case story(StoryView)
        case close
    }

    package struct Neighbors: Sendable {
        package var previous: Target
        package var next: Target
        /// First story of the previous / next author with stories (swipes), or nil.
        package var previousAuthor: StoryView?
        package var nextAuthor: StoryView?

        package init(previous: Target, next: Target, previousAuthor: StoryView?, nextAuthor: StoryView?) {
            self.previous = previous
            self.next = next
            self.previousAuthor = previousAuthor
            self.nextAuthor = nextAuthor
        }
    }

    /// How many neighbouring authors are asked for stories before giving up (authors
    /// listed by the AppView may turn out to have nothing visible).
    static let authorLookahead = 4

    package let library: any StoryLibrary
    /// Author DIDs in strip order.
    package let authorOrder: [DID]
    /// What the person has seen, for where the next author starts.
    package let seen: SeenState

    package init(library: any StoryLibrary, authorOrder: [DID], seen: SeenState = SeenState()) {
        self.library = library
        self.authorOrder = authorOrder
        self.seen = seen
    }

    package func neighbors(author did: DID, stories: [StoryView], index: Int) async -> Neighbors {
        let position = authorOrder.firstIndex(of: did)
        let nextAuthor = await firstStories(after: position, step: 1)
        let previousAuthor = await firstStories(after: position, step: -1)
        let nextStart = nextAuthor.map(firstUnseen)
        let next: Target = index + 1 < stories.count ? .story(stories[index + 1]) : nextStart.map { .story($0) } ?? .close
        let previous: Target = index > 0 ? .story(stories[index - 1]) : previousAuthor.map { .story($0[$0.count - 1]) } ?? .close
        return Neighbors(previous: previous, next: next, previousAuthor: previousAuthor?.first, nextAuthor: nextStart)
    }

    /// Where an author's stories start for this person: the first one not seen.
    private func firstUnseen(_ stories: [StoryView]) -> StoryView {
        stories.first { !seen.hasSeen(author: $0.creator.did, createdAt: $0.createdAt) } ?? stories[0]
    }

    /// The stories of the nearest author in direction `step` that has any.
    private func firstStories(after position: Int?, step: Int) async -> [StoryView]? {
        guard let position else { return nil }
        var index = position + step
        var asked = 0
        while index >= 0, index < authorOrder.count, asked < StoryNavigator.authorLookahead {
            asked += 1
            if let stories = try? await library.stories(of: authorOrder[index]).value, !stories.isEmpty {
                return stories
            }
            index += step
        }
        return nil
    }
}
