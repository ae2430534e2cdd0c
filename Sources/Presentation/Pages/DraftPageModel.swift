package import HTMLTemplates

/// `draft.html`: a photo as it will be posted, with its place, content warnings and the
/// Bluesky toggle while it is a draft, and how publishing is going once it is sent.
package struct DraftPageModel: PageModel, Equatable {
    package static let templateName = "draft"

    /// The draft itself (`draft.*`).
    package struct Facts: TemplateModel, Equatable {
        package var id: String
        package var width: Int
        package var height: Int
        /// The photo's size for people ("1.2 MB").
        package var size: String
        /// Whether it can still be changed (not sent yet).
        package var editable: Bool
        package var crosspost: Bool
        /// Whether the photo said where it was taken.
        package var hasPosition: Bool

        package init(id: String, width: Int, height: Int, size: String, editable: Bool, crosspost: Bool, hasPosition: Bool) {
            self.id = id
            self.width = width
            self.height = height
            self.size = size
            self.editable = editable
            self.crosspost = crosspost
            self.hasPosition = hasPosition
        }

        package var templateValues: [String: TemplateValue] {
            [
                "id": .string(id),
                "photo": .string("/drafts/\(id)/photo"),
                "width": .int(width),
                "height": .int(height),
                "size": .string(size),
                "editable": .bool(editable),
                "crosspost": .bool(crosspost),
                "hasPosition": .bool(hasPosition),
            ]
        }
    }

    /// One content warning the form offers.
    package struct Warning: TemplateModel, Equatable {
        package var value: String
        package var label: String
        package var checked: Bool

        package init(value: String, label: String, checked: Bool) {
            self.value = value
            self.label = label
            self.checked = checked
        }

        package var templateValues: [String: TemplateValue] {
            ["value": .string(value), "label": .string(label), "checked": .bool(checked)]
        }
    }

    /// How publishing is going, once the draft was sent.
    package struct Status: TemplateModel, Equatable {
        package enum State: Sendable, Equatable { case publishing, posted, failed }

        package var state: State
        package var headline: String
        /// The technical text behind the headline, when there is one.
        package var details: String?
        /// Whether the publisher is trying again after a failure.
        package var retrying: Bool
        /// Whether Cancel can still stop it (before the story exists on the PDS).
        package var cancellable: Bool
        package var storyHref: String

        package init(state: State, headline: String, details: String?, retrying: Bool, cancellable: Bool, storyHref: String) {
            self.state = state
            self.headline = headline
            self.details = details
            self.retrying = retrying
            self.cancellable = cancellable
            self.storyHref = storyHref
        }

        package var templateValues: [String: TemplateValue] {
            [
                "publishing": .bool(state == .publishing),
                "posted": .bool(state == .posted),
                "failed": .bool(state == .failed),
                "headline": .string(headline),
                "details": .optional(details),
                "retrying": .bool(retrying),
                "cancellable": .bool(cancellable),
                "storyHref": .string(storyHref),
            ]
        }
    }

    /// One place a search found, with the signed token that lets the form post it.
    package struct PlaceResult: TemplateModel, Equatable {
        package var token: String
        package var name: String
        package var display: String
        package var first: Bool

        package init(token: String, name: String, display: String, first: Bool) {
            self.token = token
            self.name = name
            self.display = display
            self.first = first
        }

        package var templateValues: [String: TemplateValue] {
            ["token": .string(token), "name": .string(name), "display": .string(display), "first": .bool(first)]
        }
    }

    package var draft: Facts
    /// The place's name as it will be posted (editable); empty without one.
    package var placeName: String
    /// Whether the photo's position suggested a place.
    package var suggested: Bool
    /// Whether the place search comes first (no position to suggest from).
    package var searchFirst: Bool
    package var warnings: [Warning]
    package var status: Status?
    package var searchQuery: String
    package var results: [PlaceResult]
    package var problem: String?
    /// Set when the account's sign-in may not post to Bluesky: the crosspost option is
    /// off and says why.
    package var crosspostNotice: String?

    package init(
        draft: Facts, placeName: String, suggested: Bool, searchFirst: Bool, warnings: [Warning], status: Status?,
        searchQuery: String, results: [PlaceResult], problem: String?
    ) {
        self.draft = draft
        self.placeName = placeName
        self.suggested = suggested
        self.searchFirst = searchFirst
        self.warnings = warnings
        self.status = status
        self.searchQuery = searchQuery
        self.results = results
        self.problem = problem
    }

    package var templateValues: [String: TemplateValue] {
        [
            "draft": draft.templateValue,
            "placeName": .string(placeName),
            "suggested": .bool(suggested),
            "searchFirst": .bool(searchFirst),
            "warnings": .list(warnings.map(\.templateValue)),
            "status": status?.templateValue ?? .null,
            "searchQuery": .string(searchQuery),
            "results": .list(results.map(\.templateValue)),
            "problem": .optional(problem),
            "crosspostNotice": .optional(crosspostNotice),
        ]
    }
}
