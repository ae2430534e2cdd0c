public import HTMLTemplates
import ATProto
public import Geocoding
import GrainSupport
public import Posting
import Viewing

/// The draft page's template values.
public struct DraftPresenter: Sendable {
    public let tokens: PlaceTokens

    /// The content warnings Grain offers, as the form names them.
    static let warningNames = ["nudity": "Nudity", "sexual": "Sexual content", "gore": "Gore (Grain hides these stories)"]

    public func values(draft: Draft, entry: PublishProgress?, search: (query: String, results: [PlaceSuggestion])?) -> [String: TemplateValue] {
        let warnings: [TemplateValue] = SelfLabels.offered.map { value in
            ["value": .string(value), "label": .string(DraftPresenter.warningNames[value] ?? value), "checked": .bool(draft.labels.contains(value))]
        }
        var status: TemplateValue = .null
        if draft.state != .draft {
            let storyHref = StoryLinks.story(did: draft.did, rkey: draft.storyRKey)
            let reason = entry?.lastError ?? ""
            let retrying = draft.state == .publishing && (entry?.attempts ?? 0) > 0
            let words = DraftPresenter.plainWords(for: reason, stillTrying: retrying)
            status = [
                "publishing": .bool(draft.state == .publishing),
                "posted": .bool(draft.state == .posted),
                "failed": .bool(draft.state == .failed),
                "headline": .string(words.headline),
                "details": words.details.map(TemplateValue.string) ?? .null,
                "retrying": .bool(retrying),
                // Cancel stops publishing only before the story exists on the PDS.
                "cancellable": .bool(draft.state == .publishing && entry?.storyURI == nil),
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

    /// What went wrong, in words for the person, and the technical text (status codes,
    /// error names, transport failures) for the disclosure beside it. A reason that is
    /// already a sentence for people (a sign-in that ended, a photo that is missing) is
    /// the headline itself.
    public static func plainWords(for reason: String, stillTrying: Bool) -> (headline: String, details: String?) {
        let details = reason.isEmpty ? nil : reason
        if stillTrying {
            return ("Your account's server isn't answering right now; GrainStories keeps trying.", details)
        }
        if reason.contains("RepoNotFound") || reason.contains("AccountNotFound") {
            return ("Your account's server doesn't have your account (it may have moved to another server). Sign in again, then press Retry.", details)
        }
        if reason.hasPrefix("HTTP 5") || reason.hasPrefix("xrpc transport") {
            return ("Your account's server didn't answer in the end. Press Retry to try again.", details)
        }
        if reason.hasPrefix("HTTP 4") || reason.hasPrefix("xrpc") {
            return ("Your account's server refused this story. Press Retry to try again, or discard it.", details)
        }
        return (reason.isEmpty ? "The story was not posted." : reason, nil)
    }

    public init(tokens: PlaceTokens) {
        self.tokens = tokens
    }
}
