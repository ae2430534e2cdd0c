import ATProto

/// What the home page shows that is the same for every visitor: the strip's authors, in
/// order, and the notice above it (Grain unreachable, or the strip possibly old). Two
/// equal values render the same page for the same visitor, which is what lets
/// `HomePageCache` reuse it.
struct StripContent: Equatable, Sendable {
    var authors: [StoryAuthor]
    var notice: String?
}
