import ATProto

/// What the home page shows that is the same for every visitor who is not signed in: the
/// strip's authors, in order, the notice above it (Grain unreachable, or the strip
/// possibly old), and the minute the grid's "how long ago" is counted from. Two equal
/// values render the same page for the same visitor, which is what lets
/// `HomePageCache` reuse it.
struct StripContent: Equatable, Sendable {
    var authors: [StoryAuthor]
    var notice: String?
    /// Minutes since 1970 (`HomePage.minute`).
    var minute: Int64
}
