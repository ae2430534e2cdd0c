package import ATProto

/// The order people appear in on the home page and that the viewer moves through from
/// one person to the next: Grain's order, with the signed-in person first, because their
/// own tile leads the strip as in Grain's apps. One function for both, so the strip and
/// the viewer's "next person" never disagree.
package enum StripOrder {
    /// The authors with live stories, `viewer`'s own entry (if any) moved to the front.
    package static func arrange(_ authors: [StoryAuthor], viewer: DID?) -> [StoryAuthor] {
        let live = authors.filter { $0.storyCount > 0 }
        guard let viewer, let own = live.firstIndex(where: { $0.profile.did == viewer }) else { return live }
        var arranged = live
        arranged.insert(arranged.remove(at: own), at: 0)
        return arranged
    }

    /// As `arrange`, then, as Grain's iOS app does, the people with something `seen`
    /// does not cover before those whose stories were all seen, each group in Grain's
    /// order; the viewer's own entry stays first whatever was seen.
    package static func arrange(_ authors: [StoryAuthor], viewer: DID?, seen: SeenState) -> [StoryAuthor] {
        var arranged = arrange(authors, viewer: viewer)
        let own = arranged.first?.profile.did == viewer && viewer != nil ? [arranged.removeFirst()] : []
        let isSeen = { (author: StoryAuthor) in seen.hasSeenAll(author: author.profile.did, latestAt: author.latestAt) }
        return own + arranged.filter { !isSeen($0) } + arranged.filter(isSeen)
    }
}
