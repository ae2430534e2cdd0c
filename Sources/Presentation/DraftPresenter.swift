package import ATProto
import Accounts
package import Geocoding
import GrainSupport
package import Posting
import Viewing

/// The draft page's model.
package struct DraftPresenter: Sendable {
    package let tokens: PlaceTokens

    /// The content warnings Grain offers, as the form names them.
    static let warningNames = ["nudity": "Nudity", "sexual": "Sexual content", "gore": "Gore (Grain hides these stories)"]

    /// `handle` is the author's, for the posted story's link.
    package func page(
        draft: Draft, handle: Handle?, entry: PublishProgress?, search: (query: String, results: [PlaceSuggestion])?, problem: String?
    ) -> DraftPageModel {
        let warnings = SelfLabels.offered.map { value in
            DraftPageModel.Warning(value: value, label: DraftPresenter.warningNames[value] ?? value, checked: draft.labels.contains(value))
        }
        var status: DraftPageModel.Status?
        if draft.state != .draft {
            let retrying = draft.state == .publishing && (entry?.attempts.count ?? 0) > 0
            let problem = entry?.attempts.problem
            let words = retrying ? WriteProblemWords.retrying(problem) : WriteProblemWords.stopped(problem, .story)
            status = DraftPageModel.Status(
                state: draft.state == .publishing ? .publishing : draft.state == .posted ? .posted : .failed,
                headline: words.headline, details: words.details, retrying: retrying,
                // Cancel stops publishing only before the story exists on the PDS.
                cancellable: draft.state == .publishing && entry?.storyURI == nil,
                storyHref: StoryLinks.story(did: draft.did, handle: handle, rkey: draft.storyRKey)
            )
        }
        let results = (search?.results ?? []).enumerated().map { index, suggestion in
            DraftPageModel.PlaceResult(
                token: tokens.token(for: DraftPlace(name: suggestion.name, cell: suggestion.location.value, address: suggestion.address)),
                name: suggestion.name, display: suggestion.display, first: index == 0
            )
        }
        return DraftPageModel(
            draft: DraftPageModel.Facts(
                id: draft.id.rawValue, width: draft.width, height: draft.height, size: ByteCountText.describe(draft.photoBytes),
                editable: draft.state == .draft, crosspost: draft.crosspost, hasPosition: draft.gpsCell != nil
            ),
            placeName: draft.place?.name ?? "", suggested: draft.place != nil,
            // Without GPS (many phone pickers strip it) searching is how a place is chosen,
            // so the search comes first and looks like the way forward.
            searchFirst: draft.place == nil && draft.gpsCell == nil,
            warnings: warnings, status: status, searchQuery: search?.query ?? "", results: results, problem: problem
        )
    }

    package init(tokens: PlaceTokens) {
        self.tokens = tokens
    }
}
