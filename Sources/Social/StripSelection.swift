package import ATProto
package import Viewing

/// Who is in a signed-in person's strip, and in which order: the people they hide or
/// block left out, only those they follow when that is the strip chosen (or, when they
/// never chose, when anyone they follow has a live story), themselves first, then
/// unseen before seen (`StripOrder`). A pure function of its inputs, so the home page,
/// the viewer's neighbours and the no-JS links, which all ask it, agree.
package struct StripSelection: Sendable, Equatable {
    /// The strip's authors in order, the person's own entry (if any) first.
    package var authors: [StoryAuthor]
    /// The strip shown.
    package var choice: StripChoice
    /// Someone the person follows has a live story (so "Following" has something in it).
    package var followsAnyoneLive: Bool

    package init(authors: [StoryAuthor], choice: StripChoice, followsAnyoneLive: Bool) {
        self.authors = authors
        self.choice = choice
        self.followsAnyoneLive = followsAnyoneLive
    }

    /// - Parameters:
    ///   - follows: whom the person follows; nil when that could not be read (then
    ///     everyone is shown, whatever was chosen).
    ///   - hidden: people never shown (their blocks and hidden list); never the person.
    ///   - chosen: the person's remembered or requested choice; nil when they never chose.
    package static func select(
        _ all: [StoryAuthor], viewer: DID, follows: Set<DID>?, hidden: Set<DID>, chosen: StripChoice?, seen: SeenState
    ) -> StripSelection {
        let visible = all.filter { $0.storyCount > 0 && ($0.profile.did == viewer || !hidden.contains($0.profile.did)) }
        let followed = follows.map { follows in visible.filter { $0.profile.did == viewer || follows.contains($0.profile.did) } }
        let followsAnyoneLive = followed?.contains { $0.profile.did != viewer } ?? false
        let choice: StripChoice = follows == nil ? .everyone : chosen ?? (followsAnyoneLive ? .following : .everyone)
        let shown = choice == .following ? followed ?? visible : visible
        return StripSelection(
            authors: StripOrder.arrange(shown, viewer: viewer, seen: seen), choice: choice, followsAnyoneLive: followsAnyoneLive)
    }
}
