import ATProto
import FoundationEssentials
import GrainSupport
import MicroHTTPServer
import Posting

/// What the person chose on the draft page, checked: the place (or none), content
/// warnings from Grain's list only, and whether to post to Bluesky too.
struct DraftChoices: Sendable {
    var place: DraftPlace?
    var labels: [String]
    var crosspost: Bool

    init(form: QueryParameters, draft: Draft, tokens: PlaceTokens) throws(HTTPError) {
        labels = SelfLabels.offered.filter { form.values("warning").contains($0) }
        crosspost = form["crosspost"] == "on"
        let name = String((form["place_name"] ?? "").trimmingWhitespaceAndNewlines().prefix(200))
        guard form["no_place"] != "on", !name.isEmpty else {
            place = nil
            return
        }
        if let chosen = tokens.place(from: form["place_token"]) {
            place = DraftChoices.renamed(chosen, to: name)
        } else if let suggested = draft.place {
            place = DraftChoices.renamed(suggested, to: name)
        } else if let cell = draft.gpsCell {
            place = DraftPlace(name: name, cell: cell, address: nil)
        } else {
            throw HTTPError.badRequest("This photo has no position, so a place must be chosen from the search results (or left out).")
        }
    }

    /// A place under a new name keeps its cell and address, but not the address's old name.
    static func renamed(_ place: DraftPlace, to name: String) -> DraftPlace {
        guard name != place.name else { return place }
        var address = place.address
        address?.name = nil
        return DraftPlace(name: name, cell: place.cell, address: address)
    }
}
