package import ATProto
import Social
package import Viewing

/// The live client's `getCommentThread` against the stand-in AppView without the
/// application's short cache, so a test sees what the stand-in lists at that moment
/// (the cache itself is `AppViewCommentThreads`'s business and has its own tests).
package struct StandInCommentThreads: CommentThreads {
    private let client: AppViewClient

    package init(baseURL: String, http: OutboundHTTP) {
        client = AppViewClient(xrpc: XRPCClient(baseURL: baseURL, http: http))
    }

    package func page(subject: ATURI, limit: Int, cursor: String?) async throws(StoryLibraryError) -> CommentThreadPage {
        do throws(XRPCError) {
            return try await client.commentThread(subject: subject, limit: limit, cursor: cursor)
        } catch {
            throw .unavailable(error)
        }
    }
}
