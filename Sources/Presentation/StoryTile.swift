package import ATProto
package import Viewing

/// A story shown small (a profile's current stories, the archive): its thumbnail when
/// `StoryVisibility` lets the photo show without asking, else no photo at all but the
/// warning's words, and the tile still opens the viewer, where "Show" lifts the warning
/// (a plain link and a `<details>`, so without a script too). A thumbnail whose URL this
/// server will not proxy gives no image either, never an empty `src`.
package enum StoryTile {
    /// The thumbnail (a path, or nil) and the warning (the reason, or nil) for a tile.
    package static func visual(_ story: StoryView, visibility: StoryVisibility, signer: MediaURLSigner) -> (thumb: String?, warning: String?) {
        switch visibility.story(story) {
        case .shown:
            return (signer.path(for: story.thumb), nil)
        case .behindWarning(let reason):
            return (nil, reason)
        case .notShown:
            return (nil, "Not shown")
        }
    }
}
