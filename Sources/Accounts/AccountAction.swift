import OAuthClient

/// What a signed-in person can do here that writes to their repository, and what each
/// needs of an OAuth grant. An account may grant less than was asked for; the pages
/// that offer an action ask `isAllowed(for:)` and say so plainly (`missingGrant`)
/// instead of letting it fail later in the outbox. App-password sessions may do
/// everything the account can.
package enum AccountAction: Sendable, CaseIterable {
    /// Upload a photo and create the story record (and the Grain profile before a first
    /// story, when there is none; an account that has one needs no grant for it, so it
    /// is not required here: a missing grant for it shows as a failed post).
    case postStory
    /// Post the story's Bluesky crosspost.
    case crosspost
    case deleteStory
    /// Delete a story's Bluesky crosspost with the story.
    case deleteCrosspost
    /// Heart a story or a comment, and take the heart back.
    case heart
    case comment
    case deleteComment

    /// Whether `account`'s sign-in allows this.
    package func isAllowed(for account: AccountSession) -> Bool {
        guard let scope = account.kind.grantedScope else { return true }
        switch self {
        case .postStory: return scope.allowsBlob(mimeType: "image/jpeg") && scope.allowsRepo("social.grain.story", action: .create)
        case .crosspost: return scope.allowsRepo("app.bsky.feed.post", action: .create)
        case .deleteStory: return scope.allowsRepo("social.grain.story", action: .delete)
        case .deleteCrosspost: return scope.allowsRepo("app.bsky.feed.post", action: .delete)
        case .heart:
            return scope.allowsRepo("social.grain.favorite", action: .create) && scope.allowsRepo("social.grain.favorite", action: .delete)
        case .comment: return scope.allowsRepo("social.grain.comment", action: .create)
        case .deleteComment: return scope.allowsRepo("social.grain.comment", action: .delete)
        }
    }

    /// What the person is told where the action is offered and not allowed.
    package var missingGrant: String {
        "When you signed in, your account's server did not allow GrainStories to \(what). To do it here, sign out and sign in again, and allow it."
    }

    private var what: String {
        switch self {
        case .postStory: "post stories (or upload photos)"
        case .crosspost: "post to Bluesky"
        case .deleteStory: "delete stories"
        case .deleteCrosspost: "delete Bluesky posts"
        case .heart: "add and remove hearts"
        case .comment: "post comments"
        case .deleteComment: "delete comments"
        }
    }
}
