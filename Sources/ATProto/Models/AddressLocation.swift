/// `community.lexicon.location.address`; only `country` is required by the lexicon,
/// but views from the network may omit anything, so every field is optional here.
package struct AddressLocation: Codable, Sendable, Equatable {
    package var country: String?
    package var postalCode: String?
    package var region: String?
    package var locality: String?
    package var street: String?
    package var name: String?

    package init(country: String? = nil, postalCode: String? = nil, region: String? = nil, locality: String? = nil, street: String? = nil, name: String? = nil)
    {
        self.country = country
        self.postalCode = postalCode
        self.region = region
        self.locality = locality
        self.street = street
        self.name = name
    }
}
