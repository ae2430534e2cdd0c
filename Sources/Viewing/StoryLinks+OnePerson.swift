/// Links of a viewer opened from a profile, which plays only that person (Grain's
/// `singleAuthor`): "watch this person", not "start here".
extension StoryLinks {
    /// The query item that says so. It travels on every link the viewer then makes (next,
    /// previous, the `/stories/{actor}` redirect), so without JavaScript too the last
    /// story's "next" closes back to the profile instead of going on to someone else.
    package static let onePersonItem = "from=profile"

    /// `link` (a path with or without a query) marked as playing one person only.
    package static func onePerson(_ link: String) -> String {
        link + (link.contains("?") ? "&" : "?") + onePersonItem
    }
}
