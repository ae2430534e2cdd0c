package import ATProto
import FoundationEssentials
import GrainSupport
package import Viewing

/// The live `CommentThreads`: `getCommentThread` on Grain's AppView behind a short
/// cache (15 s), because every story shown in the viewer asks for its first page (the
/// count and the latest comment), and a story watched by many must not cost Grain one
/// call per view. A comment written here shows at once anyway (`CommentMerge`).
package struct AppViewCommentThreads: CommentThreads {
    private struct Key: Hashable, Sendable {
        var subject: ATURI
        var limit: Int
        var cursor: String?
    }

    private let cache: RefreshingCache<Key, CommentThreadPage, XRPCError>

    package init(client: AppViewClient, lifetime: Duration = .seconds(15), clock: @escaping @Sendable () -> ContinuousClock.Instant = { .now }) {
        cache = RefreshingCache(lifetime: lifetime, maxStaleness: .seconds(600), capacity: 1024, now: clock) { (key: Key) async throws(XRPCError) in
            try await client.commentThread(subject: key.subject, limit: key.limit, cursor: key.cursor)
        }
    }

    package func page(subject: ATURI, limit: Int, cursor: String?) async throws(StoryLibraryError) -> CommentThreadPage {
        do throws(XRPCError) {
            return try await cache.value(for: Key(subject: subject, limit: limit, cursor: cursor)).value
        } catch {
            throw .unavailable(error)
        }
    }

    /// Waits until no AppView call is running (tests: a background refresh has landed).
    package func settle() async {
        await cache.settle()
    }
}
