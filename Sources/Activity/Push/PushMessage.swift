import FoundationEssentials

/// What a push message says. Lock screens show it to whoever holds the phone, so it names
/// no one and quotes nothing: only the kind of activity, and where to look. The names and
/// the comment are on the Activity page, behind the person's sign-in.
package struct PushMessage: Sendable, Equatable, Encodable {
    package var title: String
    package var body: String
    /// The page a tap opens.
    package var url: String
    /// Messages with the same tag replace each other on the device instead of piling up.
    package var tag: String

    package init(for kind: ActivityKind) {
        title = "GrainStories"
        switch kind {
        case .heartOnStory: body = "Someone hearted your story"
        case .heartOnComment: body = "Someone hearted your comment"
        case .commentOnStory: body = "New comment on your story"
        case .replyToComment: body = "Someone replied to your comment"
        case .mention: body = "Someone mentioned you in a comment"
        }
        url = "/activity"
        tag = "grainstories-activity"
    }

    /// The JSON the service worker reads.
    package var json: [UInt8] {
        (try? Array(JSONEncoder().encode(self))) ?? Array(#"{"title":"GrainStories","body":"New activity","url":"/activity"}"#.utf8)
    }
}
