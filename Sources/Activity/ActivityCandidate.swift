package import ATProto
package import FoundationEssentials

/// What an event would add for one signed-in person, before it is believed: the item,
/// and the story or comment that must exist first (for a heart on a comment, checking the
/// comment also finds its story).
package struct ActivityCandidate: Sendable, Equatable {
    package var item: ActivityItem
    /// The record whose existence decides: a story, or a comment (whose story then fills
    /// `item.story`).
    package var mustExist: ATURI

    package init(item: ActivityItem, mustExist: ATURI) {
        self.item = item
        self.mustExist = mustExist
    }

    /// Which signed-in people a created heart or comment concerns, and how: at most one
    /// item per person (a reply outranks a comment on their story, which outranks a
    /// mention), never for the actor themselves, and only for people in `local`. Pure: the
    /// follower calls it for every event, before any network work.
    package static func candidates(
        actor: DID, record: ATURI, commit: JetstreamCommit.Record, at date: Date, local: Set<DID>
    ) -> [ActivityCandidate] {
        var byRecipient: [DID: ActivityCandidate] = [:]
        func offer(_ recipient: DID?, _ kind: ActivityKind, story: ATURI, comment: ATURI?, text: String?, mustExist: ATURI) {
            guard let recipient, recipient != actor, local.contains(recipient), byRecipient[recipient] == nil else { return }
            let item = ActivityItem(recipient: recipient, kind: kind, actor: actor, record: record, story: story, comment: comment, text: text, at: date)
            byRecipient[recipient] = ActivityCandidate(item: item, mustExist: mustExist)
        }
        switch commit {
        case .favorite(let subject) where subject.collection == .story:
            offer(subject.did, .heartOnStory, story: subject, comment: nil, text: nil, mustExist: subject)
        case .favorite(let subject) where subject.collection == .grainComment:
            // The story is found when the comment is checked.
            offer(subject.did, .heartOnComment, story: subject, comment: subject, text: nil, mustExist: subject)
        case .favorite:
            break
        case .comment(let comment):
            guard comment.subject.collection == .story else { break }
            if let replyTo = comment.replyTo {
                offer(replyTo.did, .replyToComment, story: comment.subject, comment: record, text: comment.text, mustExist: replyTo)
            }
            offer(comment.subject.did, .commentOnStory, story: comment.subject, comment: record, text: comment.text, mustExist: comment.subject)
            for mentioned in comment.mentions {
                offer(mentioned, .mention, story: comment.subject, comment: record, text: comment.text, mustExist: comment.subject)
            }
        }
        return byRecipient.values.sorted { $0.item.recipient.rawValue < $1.item.recipient.rawValue }
    }
}
