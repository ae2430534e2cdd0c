/// Why a visitor was sent to `/signin` (its `reason` parameter), so the page is headed
/// with what they were trying to do. Only these values are read; anything else in the
/// address is ignored, so a link cannot put its own words on the page.
package enum SignInReason: String, Sendable, CaseIterable {
    /// The session ended (the app password may have been revoked).
    case expired
    /// A signed-out ♥ in the viewer.
    case like
    /// "Sign in to comment" under a story's comments.
    case comment
    /// A photo shared into the app before signing in, waiting (`/share`).
    case share

    /// The page's heading for this reason; nil keeps the usual one.
    package var heading: String? {
        switch self {
        case .expired: nil
        case .like: "Sign in to like this story"
        case .comment: "Sign in to comment"
        case .share: "Sign in to post the photo you shared"
        }
    }
}
