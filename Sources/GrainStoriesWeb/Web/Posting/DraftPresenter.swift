import HTMLTemplates
import ATProto
import Geocoding
import GrainSupport
import Posting
import Viewing

/// The draft page's template values.
struct DraftPresenter: Sendable {
    let tokens: PlaceTokens

    /// The content warnings Grain offers, as the form names them.
    static let warningNames = ["nudity": "Nudity", "sexual": "Sexual content", "gore": "Gore (Grain hides these stories)"]

    func values(draft: Draft, entry: PublishProgress?, search: (query: String, results: [PlaceSuggestion])?) -> [String: TemplateValue] {
        let warnings: [TemplateValue] = SelfLabels.offered.map { value in
            ["value": .string(value), "label": .string(DraftPresenter.warningNames[value] ?? value), "checked": .bool(draft.labels.contains(value))]
        }
        var status: TemplateValue = .null
        if draft.state != .draft {
            let storyHref = StoryLinks.story(did: draft.did, rkey: draft.storyRKey)
            status = [
                "publishing": .bool(draft.state == .publishing),
                "posted": .bool(draft.state == .posted),
                "failed": .bool(draft.state == .failed),
                "reason": .string(entry?.lastError ?? ""),
                "retrying": .bool(draft.state == .publishing && (entry?.attempts ?? 0) > 0),
                "storyHref": .string(storyHref),
            ]
        }
        let results: TemplateValue = .list((search?.results ?? []).enumerated().map { index, suggestion in
            [
                "token": .string(tokens.token(for: DraftPlace(name: suggestion.name, cell: suggestion.location.value, address: suggestion.address))),
                "name": .string(suggestion.name),
                "display": .string(suggestion.display),
                "first": .bool(index == 0),
            ]
        })
        return [
            "draft": [
                "id": .string(draft.id),
                "photo": .string("/drafts/\(draft.id)/photo"),
                "width": .int(draft.width),
                "height": .int(draft.height),
                "size": .string(ByteCountText.describe(draft.photoBytes)),
                "editable": .bool(draft.state == .draft),
                "crosspost": .bool(draft.crosspost),
                "hasPosition": .bool(draft.gpsCell != nil),
            ],
            "placeName": .string(draft.place?.name ?? ""),
            "suggested": .bool(draft.place != nil),
            // Without GPS (many phone pickers strip it) searching is how a place is chosen,
            // so the search comes first and looks like the way forward.
            "searchFirst": .bool(draft.place == nil && draft.gpsCell == nil),
            "warnings": .list(warnings),
            "status": status,
            "searchQuery": .string(search?.query ?? ""),
            "results": results,
        ]
    }
}
