package import Accounts
package import Posting

/// The home page's "Not posted yet" list: each of the person's stories that has not gone
/// out (a draft, one posting or waiting to try again, one that failed) with its state in
/// the same plain words as its draft page, so nothing chosen is out of sight.
package struct UnfinishedPostsPresenter: Sendable {
    package let drafts: any DraftRepository

    package func posts(for account: AccountSession) async -> [UnfinishedPostModel] {
        guard let unfinished = try? await drafts.unfinished(of: account) else { return [] }
        return unfinished.map { draft, progress in
            UnfinishedPostModel(
                href: "/drafts/\(draft.id)", photo: "/drafts/\(draft.id)/photo",
                state: Self.stateText(draft.state, progress: progress), stateClass: "post-\(draft.state.rawValue)"
            )
        }
    }

    static func stateText(_ state: Draft.State, progress: PublishProgress?) -> String {
        switch state {
        case .draft: return "Not posted yet: open it to check it and post it."
        case .posted: return "Posted."
        case .publishing:
            let retrying = (progress?.attempts.count ?? 0) > 0
            return retrying ? WriteProblemWords.retrying(progress?.attempts.problem).headline : "Posting…"
        case .failed:
            return "Not posted. " + WriteProblemWords.stopped(progress?.attempts.problem, .story).headline
        }
    }

    package init(drafts: any DraftRepository) {
        self.drafts = drafts
    }
}
