package import ATProto
import H3Index

/// A place offered to the person posting a story: what goes into the story record's
/// `location` and `address` (reference §5.6) plus the position it was computed from.
package struct PlaceSuggestion: Codable, Sendable, Equatable {
    /// The `location.name`, built by the rules of reference §5.4.
    package var name: String
    /// The `address` record, present only when Nominatim gave a country code.
    package var address: AddressLocation?
    /// The position `location.value` was computed from: the photo's own GPS for a
    /// reverse lookup, the result's position for a search.
    package var latitude: Double
    package var longitude: Double
    /// `{name, value}` with `value` the resolution-10 H3 cell of `latitude`/`longitude`.
    package var location: HThreeLocation

    package init(name: String, address: AddressLocation?, latitude: Double, longitude: Double, location: HThreeLocation) {
        self.name = name
        self.address = address
        self.latitude = latitude
        self.longitude = longitude
        self.location = location
    }

    /// The suggestion for `place`, with the H3 cell of (`latitude`, `longitude`); nil
    /// when the place has no usable name or the position is not a valid coordinate.
    package init?(place: NominatimPlace, latitude: Double, longitude: Double) {
        guard let name = place.locationName,
            let position = GPSCoordinate(latitude: latitude, longitude: longitude),
            let cell = h3Cell(for: position)
        else { return nil }
        self.init(
            name: name, address: place.addressLocation, latitude: latitude, longitude: longitude,
            location: HThreeLocation(value: cell, name: name)
        )
    }

    /// The text Grain shows for this place (`locationDisplay`, reference §2.10).
    package var display: String {
        LocationFormatter.display(location: location, address: address)
    }
}
