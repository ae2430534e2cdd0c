/// The parts of Nominatim's `address` object that go into a story's location.
///
/// Which keys appear depends on the place: a city has `city`, a smaller place `town`
/// or `village`; a point at sea may have none.
package struct NominatimAddress: Codable, Sendable, Equatable {
    package var houseNumber: String?
    package var road: String?
    package var city: String?
    package var town: String?
    package var village: String?
    package var state: String?
    package var postcode: String?
    package var country: String?
    /// ISO 3166-1 alpha-2, lower case as Nominatim sends it (`us`).
    package var countryCode: String?

    package init(
        houseNumber: String? = nil, road: String? = nil, city: String? = nil, town: String? = nil, village: String? = nil,
        state: String? = nil, postcode: String? = nil, country: String? = nil, countryCode: String? = nil
    ) {
        self.houseNumber = houseNumber
        self.road = road
        self.city = city
        self.town = town
        self.village = village
        self.state = state
        self.postcode = postcode
        self.country = country
        self.countryCode = countryCode
    }

    /// `city`, else `town`, else `village`: the locality in Grain's clients.
    var locality: String? { city ?? town ?? village }
}
