public import HTMLTemplates
public import ATProto
public import Viewing

/// A story shown small (a profile's current stories, the archive): its thumbnail when
/// `StoryVisibility` lets the photo show without asking, else no photo at all but the
/// warning's words, and the tile still opens the viewer, where "Show" lifts the warning
/// (a plain link and a `<details>`, so without a script too). A thumbnail whose URL this
/// server will not proxy gives no image either, never an empty `src`.
public enum StoryTile {
    /// `thumb` (a path, or null) and `warning` (the reason, or null) for a tile template.
    public static func fields(_ story: StoryView, visibility: StoryVisibility, signer: MediaURLSigner) -> [String: TemplateValue] {
        switch visibility.story(story) {
        case .shown:
            return ["thumb": signer.path(for: story.thumb).map(TemplateValue.string) ?? .null, "warning": .null]
        case .behindWarning(let reason):
            return ["thumb": .null, "warning": .string(reason)]
        case .notShown:
            return ["thumb": .null, "warning": .string("Not shown")]
        }
    }
}
