/// The parts of Nominatim's `address` object that go into a story's location.
///
/// Which keys appear depends on the place: a city has `city`, a smaller place `town`
/// or `village`; a point at sea may have none.
public struct NominatimAddress: Codable, Sendable, Equatable {
    public var houseNumber: String?
    public var road: String?
    public var city: String?
    public var town: String?
    public var village: String?
    public var state: String?
    public var postcode: String?
    public var country: String?
    /// ISO 3166-1 alpha-2, lower case as Nominatim sends it (`us`).
    public var countryCode: String?

    public init(
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
