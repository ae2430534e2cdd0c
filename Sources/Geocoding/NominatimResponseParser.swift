import Foundation

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
        guard let root = try? JSONSerialization.jsonObject(with: Data(body)) else { return nil }
        if let object = root as? [String: Any] {
            if object["error"] != nil { return [] }
            return place(object).map { [$0] }
        }
        guard let list = root as? [Any] else { return nil }
        let places = list.prefix(maxResults).compactMap { ($0 as? [String: Any]).flatMap(place) }
        // A list of things that are not places is broken, not an honest "no results".
        if places.isEmpty, !list.isEmpty { return nil }
        return places
    }

    /// nil unless the object looks like a place: a label or a position.
    private static func place(_ object: [String: Any]) -> NominatimPlace? {
        let address = object["address"] as? [String: Any] ?? [:]
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

    private static func text(_ value: Any?, limit: Int = PlaceText.maxFieldLength) -> String? {
        if let string = value as? String { return PlaceText.clean(string, limit: limit) }
        if let number = value as? NSNumber { return PlaceText.clean(number.stringValue, limit: limit) }
        return nil
    }

    /// A finite angle within ±`bound`, from a string (as Nominatim sends it) or a number.
    private static func degrees(_ value: Any?, within bound: Double) -> Double? {
        let parsed: Double?
        if let string = value as? String, string.utf8.count <= 40 {
            parsed = Double(string.trimmingCharacters(in: .whitespaces))
        } else if let number = value as? NSNumber {
            parsed = number.doubleValue
        } else {
            parsed = nil
        }
        guard let parsed, parsed.isFinite, abs(parsed) <= bound else { return nil }
        return parsed
    }
}
