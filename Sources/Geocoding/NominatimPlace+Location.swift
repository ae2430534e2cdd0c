package import ATProto

extension NominatimPlace {
    /// `location.name` as Grain's clients build it (reference §5.4, web
    /// `formatLocationName`): the place's own name; else city (or town, or village),
    /// state and country joined with ", "; else the first part of `display_name`.
    /// nil when none of these exists.
    package var locationName: String? {
        if let name { return name }
        let context = [address.locality, address.state, address.country].compactMap { $0 }
        if !context.isEmpty {
            return PlaceText.clean(context.joined(separator: ", "))
        }
        guard let displayName, let first = displayName.split(separator: ",", omittingEmptySubsequences: false).first else { return nil }
        return PlaceText.clean(String(first))
    }

    /// The `community.lexicon.location.address` record Grain's web client builds
    /// (reference §5.4, `extractAddress`): only when Nominatim gave a usable country
    /// code, which becomes the upper-cased `country`; other keys only when their
    /// source is present.
    package var addressLocation: AddressLocation? {
        guard let country = Self.lexiconCountry(address.countryCode) else { return nil }
        var street: String?
        if let road = address.road {
            street = address.houseNumber.map { PlaceText.clean("\($0) \(road)") ?? road } ?? road
        }
        return AddressLocation(
            country: country, postalCode: address.postcode, region: address.state,
            locality: address.locality, street: street, name: name
        )
    }

    /// The upper-cased code if it fits the lexicon's `country` (2–10 characters) and
    /// looks like a code at all; a hostile or broken value drops the whole address
    /// rather than producing a record the PDS would refuse.
    static func lexiconCountry(_ code: String?) -> String? {
        guard let code else { return nil }
        let upper = code.uppercased()
        guard (2...10).contains(upper.utf8.count),
            upper.utf8.allSatisfy({ (0x41...0x5A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D })
        else { return nil }
        return upper
    }
}
