package import ATProto
import FoundationEssentials

/// A story's comments as a person should see them: the AppView's page with this
/// server's own recent comments laid over it. A comment written here shows at once (at
/// the end, where the newest is, on the last page), with its state while it is on its
/// way, until the AppView has indexed it (then the AppView's copy is shown, once); a
/// comment deleted here is gone at once, though the AppView still lists it for a while.
/// Comments by `hiddenAuthors` (for instance people the viewer blocks) are left out.
package struct CommentMerge: Sendable {
    /// One comment to show, and, for one sent from here that is not done, its write.
    package struct Shown: Sendable, Equatable {
        package var view: CommentView
        package var pending: SocialWrite?
    }

    package var hiddenAuthors: Set<DID>

    package init(hiddenAuthors: Set<DID> = []) {
        self.hiddenAuthors = hiddenAuthors
    }

    /// The comments of `page` (its position: `isLastPage` when it has no cursor), with the
    /// local `writes` (oldest first, as `SocialWriteRepository.comments(on:since:)` gives them)
    /// and `author` views for their writers. `totalCount` is the thread's count without
    /// the comments left out here (`leftOut`, on this page): a count must not include
    /// comments the person is not shown. Those on other pages are for the caller to
    /// subtract as it reads them (`StoryComments.summary`).
    package func merge(
        _ page: CommentThreadPage, writes: [SocialWrite], isLastPage: Bool, author: (DID) -> ProfileView
    ) -> (comments: [Shown], totalCount: Int, leftOut: Int) {
        let deleted = Set(writes.filter { $0.kind == .uncomment }.map(\.uri))
        let listed = Set(page.comments.map(\.uri))
        var shown = page.comments.filter { !deleted.contains($0.uri) }.map { Shown(view: $0, pending: nil) }
        let removed = page.comments.count - shown.count
        let added = writes.filter { $0.kind == .comment && !deleted.contains($0.uri) && !listed.contains($0.uri) }
        if isLastPage {
            shown += added.map { write in
                Shown(
                    view: CommentView(
                        uri: write.uri, cid: "", author: author(write.did), text: write.text ?? "", facets: write.facets, replyTo: write.replyTo,
                        createdAt: write.recordCreatedAt),
                    pending: write.status == .done ? nil : write)
            }
        }
        let visible = shown.filter { !hiddenAuthors.contains($0.view.author.did) }
        let leftOut =
            page.comments.filter { !deleted.contains($0.uri) && hiddenAuthors.contains($0.author.did) }.count
            + added.filter { hiddenAuthors.contains($0.did) }.count
        let total = max(0, (page.totalCount ?? page.comments.count) + added.count - removed - leftOut)
        return (visible, total, leftOut)
    }
}
