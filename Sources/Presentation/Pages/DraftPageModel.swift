public import HTMLTemplates

/// `draft.html`: a photo as it will be posted, with its place, content warnings and the
/// Bluesky toggle while it is a draft, and how publishing is going once it is sent.
public struct DraftPageModel: PageModel, Equatable {
    public static let templateName = "draft"

    /// The draft itself (`draft.*`).
    public struct Facts: TemplateModel, Equatable {
        public var id: String
        public var width: Int
        public var height: Int
        /// The photo's size for people ("1.2 MB").
        public var size: String
        /// Whether it can still be changed (not sent yet).
        public var editable: Bool
        public var crosspost: Bool
        /// Whether the photo said where it was taken.
        public var hasPosition: Bool

        public init(id: String, width: Int, height: Int, size: String, editable: Bool, crosspost: Bool, hasPosition: Bool) {
            self.id = id
            self.width = width
            self.height = height
            self.size = size
            self.editable = editable
            self.crosspost = crosspost
            self.hasPosition = hasPosition
        }

        public var templateValues: [String: TemplateValue] {
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
    public struct Warning: TemplateModel, Equatable {
        public var value: String
        public var label: String
        public var checked: Bool

        public init(value: String, label: String, checked: Bool) {
            self.value = value
            self.label = label
            self.checked = checked
        }

        public var templateValues: [String: TemplateValue] {
            ["value": .string(value), "label": .string(label), "checked": .bool(checked)]
        }
    }

    /// How publishing is going, once the draft was sent.
    public struct Status: TemplateModel, Equatable {
        public enum State: Sendable, Equatable { case publishing, posted, failed }

        public var state: State
        public var headline: String
        /// The technical text behind the headline, when there is one.
        public var details: String?
        /// Whether the publisher is trying again after a failure.
        public var retrying: Bool
        /// Whether Cancel can still stop it (before the story exists on the PDS).
        public var cancellable: Bool
        public var storyHref: String

        public init(state: State, headline: String, details: String?, retrying: Bool, cancellable: Bool, storyHref: String) {
            self.state = state
            self.headline = headline
            self.details = details
            self.retrying = retrying
            self.cancellable = cancellable
            self.storyHref = storyHref
        }

        public var templateValues: [String: TemplateValue] {
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
    public struct PlaceResult: TemplateModel, Equatable {
        public var token: String
        public var name: String
        public var display: String
        public var first: Bool

        public init(token: String, name: String, display: String, first: Bool) {
            self.token = token
            self.name = name
            self.display = display
            self.first = first
        }

        public var templateValues: [String: TemplateValue] {
            ["token": .string(token), "name": .string(name), "display": .string(display), "first": .bool(first)]
        }
    }

    public var draft: Facts
    /// The place's name as it will be posted (editable); empty without one.
    public var placeName: String
    /// Whether the photo's position suggested a place.
    public var suggested: Bool
    /// Whether the place search comes first (no position to suggest from).
    public var searchFirst: Bool
    public var warnings: [Warning]
    public var status: Status?
    public var searchQuery: String
    public var results: [PlaceResult]
    public var problem: String?

    public init(
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

    public var templateValues: [String: TemplateValue] {
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
        ]
    }
}
