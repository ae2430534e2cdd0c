package import ATProto
package import FoundationEssentials

/// One thing that happened to a signed-in person's story or comment, as stored: who did
/// it (`actor`, always the DID of the repository the record came from), the record that
/// did it (`record`: the heart or comment, by which a later deletion finds it), the story
/// it concerns and, where there is one, the comment.
package struct ActivityItem: Sendable, Equatable, Hashable {
    /// The account on this server it concerns.
    package var recipient: DID
    package var kind: ActivityKind
    package var actor: DID
    /// The `social.grain.favorite` or `social.grain.comment` record.
    package var record: ATURI
    /// The story the heart or comment is on (for a heart on a comment, that comment's story).
    package var story: ATURI
    /// The comment hearted or replied to; for a comment or a mention, the new comment itself.
    package var comment: ATURI?
    /// A comment's text (for the Activity page only, never in a push message).
    package var text: String?
    /// When it happened: the event's time on the network.
    package var at: Date

    package init(
        recipient: DID, kind: ActivityKind, actor: DID, record: ATURI, story: ATURI, comment: ATURI? = nil, text: String? = nil, at: Date
    ) {
        self.recipient = recipient
        self.kind = kind
        self.actor = actor
        self.record = record
        self.story = story
        self.comment = comment
        self.text = text
        self.at = at
    }
}
