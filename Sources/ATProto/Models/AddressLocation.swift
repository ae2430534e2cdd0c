/// `community.lexicon.location.address`; only `country` is required by the lexicon,
/// but views from the network may omit anything, so every field is optional here.
public struct AddressLocation: Codable, Sendable, Equatable {
    public var country: String?
    public var postalCode: String?
    public var region: String?
    public var locality: String?
    public var street: String?
    public var name: String?

    public init(country: String? = nil, postalCode: String? = nil, region: String? = nil, locality: String? = nil, street: String? = nil, name: String? = nil) {
        self.country = country
        self.postalCode = postalCode
        self.region = region
        self.locality = locality
        self.street = street
        self.name = name
    }
}
