/// What happened that concerns a signed-in person, as Grain's notifications name them.
package enum ActivityKind: String, Sendable, Hashable, CaseIterable, Codable {
    /// A heart (`social.grain.favorite`) on their story.
    case heartOnStory = "heart-story"
    /// A heart on their comment.
    case heartOnComment = "heart-comment"
    /// A comment on their story.
    case commentOnStory = "comment"
    /// A reply to their comment.
    case replyToComment = "reply"
    /// A comment that mentions them (its facets name their DID).
    case mention

    /// The setting that turns this kind's push messages on or off.
    package var pushGroup: PushGroup {
        switch self {
        case .heartOnStory, .heartOnComment: .hearts
        case .commentOnStory: .comments
        case .replyToComment: .replies
        case .mention: .mentions
        }
    }
}

/// The kinds a person turns push messages on or off for, per browser.
package enum PushGroup: String, Sendable, Hashable, CaseIterable, Codable {
    case hearts, comments, replies, mentions
}
