package import ATProto
package import Accounts
package import FoundationEssentials
import Viewing

/// A story's comments as pages show them: a page of Grain's thread (`CommentThreads`)
/// with this server's own comments of the last day merged in (`CommentMerge`), so a
/// comment written here is there at once and one deleted here is gone at once. When
/// Grain cannot be reached the page still has those, and says so.
package struct StoryComments: Sendable {
    package let threads: any CommentThreads
    package let store: any SocialWriteRepository
    package let sessions: SessionStore
    package let now: @Sendable () -> Date

    /// How many comments a comments page shows at a time.
    package static let pageSize = 20

    package struct Listing: Sendable {
        package var comments: [CommentMerge.Shown]
        /// The next (newer) page's cursor.
        package var cursor: String?
        package var totalCount: Int
        /// Comments on this page by people left out (not shown, not counted).
        package var leftOut: Int = 0
        /// Grain did not answer: only this server's own comments are shown.
        package var isPartial: Bool

        package init(comments: [CommentMerge.Shown], cursor: String?, totalCount: Int, leftOut: Int = 0, isPartial: Bool) {
            self.comments = comments
            self.cursor = cursor
            self.totalCount = totalCount
            self.leftOut = leftOut
            self.isPartial = isPartial
        }
    }

    /// The page of `subject`'s comments at `cursor`, without those by `hiddenAuthors`.
    package func listing(
        subject: ATURI, cursor: String?, limit: Int = StoryComments.pageSize, viewer: AccountSession?, hiddenAuthors: Set<DID> = []
    ) async -> Listing {
        var page = CommentThreadPage(comments: [], totalCount: 0)
        var isPartial = false
        do {
            page = try await threads.page(subject: subject, limit: limit, cursor: cursor)
        } catch {
            isPartial = true
        }
        let writes = (try? await store.comments(on: subject, since: now().addingTimeInterval(-86_400))) ?? []
        var authors: [DID: ProfileView] = [:]
        if let viewer { authors[viewer.did] = viewer.profileView }
        for did in Set(writes.map(\.did)) where authors[did] == nil {
            authors[did] = (try? await sessions.profileView(of: did)) ?? ProfileView(did: did, handle: nil)
        }
        let merged = CommentMerge(hiddenAuthors: hiddenAuthors).merge(
            page, writes: writes, isLastPage: page.cursor == nil || page.comments.isEmpty,
            author: { authors[$0] ?? ProfileView(did: $0, handle: nil) })
        return Listing(
            comments: merged.comments, cursor: page.comments.isEmpty ? nil : page.cursor, totalCount: merged.totalCount,
            leftOut: merged.leftOut, isPartial: isPartial)
    }

    /// How many pages of 100 the viewer's summary reads to reach the latest comment
    /// (Grain's thread is oldest first, with no way to ask for the newest).
    static let summaryPages = 5

    /// The count and the latest comment for the viewer. The thread is read page by page
    /// (100 each) to its end, at most `summaryPages`; a longer thread, or one Grain stops
    /// answering part-way, shows its count without a latest comment rather than an older
    /// one passed off as the latest. The count leaves out comments by `hiddenAuthors` on
    /// every page read (all of a thread of up to 500).
    package func summary(subject: ATURI, viewer: AccountSession?, hiddenAuthors: Set<DID> = []) async -> (count: Int, latest: CommentMerge.Shown?) {
        let first = await listing(subject: subject, cursor: nil, limit: 100, viewer: viewer, hiddenAuthors: hiddenAuthors)
        var count = first.totalCount
        var last = first
        var pages = 1
        while let cursor = last.cursor, pages < Self.summaryPages {
            let next = await listing(subject: subject, cursor: cursor, limit: 100, viewer: viewer, hiddenAuthors: hiddenAuthors)
            guard !next.isPartial else { return (count, nil) }
            count = max(0, count - next.leftOut)
            last = next
            pages += 1
        }
        return (count, last.cursor == nil ? last.comments.last : nil)
    }

    package init(threads: any CommentThreads, store: any SocialWriteRepository, sessions: SessionStore, now: @escaping @Sendable () -> Date) {
        self.threads = threads
        self.store = store
        self.sessions = sessions
        self.now = now
    }
}
