package import ATProto
package import Viewing

/// Who on this server watched a story, for its author: the accounts whose seen state
/// reaches the story (kept per account on the server), less those who keep their viewing
/// private. Reciprocal, as WhatsApp's read receipts are: an author who keeps their own
/// viewing private sees no one's. People without an account are not counted: their seen
/// state lives only in their own browser's cookie, and this server keeps no record of
/// anonymous views.
package struct SeenBy: Sendable {
    let seen: any SeenRepository
    let activity: any ActivityRepository

    package init(seen: any SeenRepository, activity: any ActivityRepository) {
        self.seen = seen
        self.activity = activity
    }

    /// The viewers of `author`'s story created at `createdAt`, by DID; nil when the author
    /// keeps their own viewing private.
    package func viewers(of author: DID, createdAt: Datetime) async throws -> [DID]? {
        guard try await activity.sharesViews(author) else { return nil }
        var shown: [DID] = []
        for viewer in try await seen.viewers(of: author, createdAtMilliseconds: SeenState.milliseconds(createdAt))
        where try await activity.sharesViews(viewer) {
            shown.append(viewer)
        }
        return shown
    }
}
