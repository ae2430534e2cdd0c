import FoundationEssentials
import GrainSupport
import PlainJSON

/// Reads Nominatim's JSON (`format=json`) tolerantly: `lat`/`lon` as strings or
/// numbers, any subset of address keys, unknown keys ignored.
///
/// The answer is one of: places (a reverse lookup gives one, a search up to
/// `maxResults`), an empty list when Nominatim found nothing (`{"error": "Unable to
/// geocode"}` or `[]`), or nil when the body is not a Nominatim answer at all, which
/// callers treat as a failure rather than as "nothing here".
enum NominatimResponseParser {
    /// Search asks for `limit=5`; a server that sends more is cut off here.
    static let maxResults = 5
    /// `display_name` is only read for its first part, but the whole is kept (cut)
    /// in case a later consumer wants to show it.
    static let maxDisplayNameLength = 1000

    static func parse(_ body: [UInt8]) -> [NominatimPlace]? {
        guard let root = try? WorkerJSON.parse(body) else { return nil }
        if case .object = root {
            if root["error"] != nil { return [] }
            return place(root).map { [$0] }
        }
        guard case .array(let list) = root else { return nil }
        let places = list.prefix(maxResults).compactMap(place)
        // A list of things that are not places is broken, not an honest "no results".
        if places.isEmpty, !list.isEmpty { return nil }
        return places
    }

    /// nil unless the object looks like a place: a label or a position.
    private static func place(_ object: JSONNode) -> NominatimPlace? {
        guard case .object = object else { return nil }
        let address = object["address"] ?? .object([])
        let result = NominatimPlace(
            name: text(object["name"]),
            displayName: text(object["display_name"], limit: maxDisplayNameLength),
            latitude: degrees(object["lat"], within: 90),
            longitude: degrees(object["lon"], within: 180),
            address: NominatimAddress(
                houseNumber: text(address["house_number"]), road: text(address["road"]),
                city: text(address["city"]), town: text(address["town"]), village: text(address["village"]),
                state: text(address["state"]), postcode: text(address["postcode"]),
                country: text(address["country"]), countryCode: text(address["country_code"])
            )
        )
        guard result.displayName != nil || result.name != nil || (result.latitude != nil && result.longitude != nil) else { return nil }
        return result
    }

    private static func text(_ value: JSONNode?, limit: Int = PlaceText.maxFieldLength) -> String? {
        switch value {
        case .string(let string)?, .number(let string)?: PlaceText.clean(string, limit: limit)
        default: nil
        }
    }

    /// A finite angle within ±`bound`, from a string (as Nominatim sends it) or a number.
    private static func degrees(_ value: JSONNode?, within bound: Double) -> Double? {
        let parsed: Double?
        switch value {
        case .string(let string)? where string.utf8.count <= 40: parsed = Double(string.trimmingWhitespace())
        case .number(let number)?: parsed = Double(number)
        default: parsed = nil
        }
        guard let parsed, parsed.isFinite, abs(parsed) <= bound else { return nil }
        return parsed
    }
}
