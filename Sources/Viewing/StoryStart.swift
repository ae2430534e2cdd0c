package import ATProto

/// Where an author's stories open for one visitor: at the first story they have not seen,
/// or at the first when they have seen them all (as Grain's apps open a ring).
/// `/stories/{actor}` redirects there, and the strip, the home page's grid and profiles
/// link there directly when the author's stories are at hand, so a tap costs no redirect.
package enum StoryStart {
    /// The story `stories` (oldest first, all by `author`) open at for `seen`; nil when
    /// there is none.
    package static func story(in stories: [StoryView], author: DID, seen: SeenState) -> StoryView? {
        stories.first { !seen.hasSeen(author: author, createdAt: $0.createdAt) } ?? stories.first
    }

    /// The link a tile for `author` opens: straight to the story `StoryStart` picks when
    /// `stories` are the author's stories as the strip counts them (as many, the newest
    /// the same: a list kept from before a story was posted, deleted or expired is not
    /// used), else `/stories/{actor}`, which decides when followed.
    package static func link(for author: StoryAuthor, stories: [StoryView]?, seen: SeenState) -> String {
        let profile = author.profile
        guard let stories, stories.count == author.storyCount, let newest = stories.last,
            newest.createdAt.date == author.latestAt.date, stories.allSatisfy({ $0.creator.did == profile.did }),
            let start = story(in: stories, author: profile.did, seen: seen)
        else { return StoryLinks.author(did: profile.did, handle: profile.handle) }
        return StoryLinks.story(start)
    }
}
