package import ATProto
package import Viewing

/// Where a story's comments come from: Grain's `getCommentThread`, oldest first, a page
/// at a time. A protocol because the AppView is an edge of the application (tests give
/// a stand-in or nothing at all).
package protocol CommentThreads: Sendable {
    /// The page of comments on `subject` that starts at `cursor` (nil: the first).
    func page(subject: ATURI, limit: Int, cursor: String?) async throws(StoryLibraryError) -> CommentThreadPage
}

/// A server without comments to show (tests that are not about them): every thread is empty.
package struct NoCommentThreads: CommentThreads {
    package init() {}
    package func page(subject: ATURI, limit: Int, cursor: String?) async throws(StoryLibraryError) -> CommentThreadPage {
        CommentThreadPage(comments: [], totalCount: 0)
    }
}
