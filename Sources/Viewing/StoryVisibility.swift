package import ATProto
package import FoundationEssentials

/// The one policy for what a person may see of a story and its author: every page that
/// shows a story, a photo, an author or a comment asks this value, so the viewer, the
/// strip and grid, profiles, the archive, TV, comment lists and link previews cannot
/// disagree (a blocked author left out of the strip but playing on TV, a warned photo
/// covered in the viewer but plain on the grid).
///
/// It is made per request from whom the viewer blocks on Grain and hid on this server
/// (`HiddenAuthors` in the web layer; nobody for a visitor) and the story's labels
/// (`LabelPolicy`). An author is never left out of their own view.
package struct StoryVisibility: Sendable, Equatable {
    /// What may be shown of one story (or author).
    package enum Decision: Sendable, Equatable {
        case shown
        /// The photo only behind its warning, which the viewer may choose to lift
        /// (`reason` names the labels for people). Where nobody can choose (TV, a
        /// thumbnail, a link preview) the photo is not shown at all.
        case behindWarning(reason: String)
        case notShown(Reason)
    }

    /// Why something is not shown.
    package enum Reason: Sendable, Equatable {
        /// The viewer blocks the author on Grain (or, on TV, the account it plays for does).
        case blocked
        /// The viewer hid the author's stories on this server.
        case hidden
        /// A hide-severity label (`!hide`, `gore`, …): shown to nobody.
        case labelled
    }

    /// Authors the viewer blocks (their `social.grain.graph.block` subjects).
    package var blocked: Set<DID>
    /// Authors the viewer hid here.
    package var hidden: Set<DID>
    /// The viewer, whose own stories are never left out; nil for a visitor.
    package var viewer: DID?
    /// For labels that expire.
    package var now: Date

    package init(blocked: Set<DID> = [], hidden: Set<DID> = [], viewer: DID? = nil, now: Date) {
        self.blocked = blocked
        self.hidden = hidden
        self.viewer = viewer
        self.now = now
    }

    /// Everyone whose stories and comments are left out (never the viewer).
    package var leftOut: Set<DID> {
        var all = blocked.union(hidden)
        if let viewer { all.remove(viewer) }
        return all
    }

    /// Whether `did`'s stories, profile ring and comments may be shown at all.
    package func author(_ did: DID) -> Decision {
        if did == viewer { return .shown }
        if blocked.contains(did) { return .notShown(.blocked) }
        if hidden.contains(did) { return .notShown(.hidden) }
        return .shown
    }

    package func shows(author did: DID) -> Bool {
        author(did) == .shown
    }

    /// What may be shown of `story`: nothing when its author is left out or a label hides
    /// it, its photo only behind its warning when a label warns, else all of it.
    package func story(_ story: StoryView) -> Decision {
        let byAuthor = author(story.creator.did)
        guard byAuthor == .shown else { return byAuthor }
        switch LabelPolicy.decide(story.labels ?? [], now: now) {
        case .show: return .shown
        case .warn(let reason): return .behindWarning(reason: reason)
        case .hide: return .notShown(.labelled)
        }
    }

    /// Whether `story`'s photo may be shown where nobody can choose to lift a warning
    /// (thumbnails, covers, TV, link previews).
    package func showsPhotoUnasked(_ story: StoryView) -> Bool {
        self.story(story) == .shown
    }

    /// The same policy with `others` blocked as well (TV's `?for=` account, whose blocks
    /// are public, on top of the browser's own).
    package func blocking(_ others: some Sequence<DID>) -> StoryVisibility {
        var copy = self
        copy.blocked.formUnion(others)
        return copy
    }
}
