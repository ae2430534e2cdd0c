/// One place from a Nominatim answer, reduced to the fields Grain's clients use
/// (reference §5.3) and already cleaned (`PlaceText`).
///
/// This, not the finished `PlaceSuggestion`, is what caches hold: a cached reverse
/// answer is shared by every photo within the same rounded coordinates, while the H3
/// cell must still come from each photo's own position.
package struct NominatimPlace: Codable, Sendable, Equatable {
    /// The place's own name (`name`), such as "Powell's City of Books".
    package var name: String?
    /// The full comma-separated label (`display_name`).
    package var displayName: String?
    /// Nominatim's position for the place (`lat`/`lon`, sent as strings).
    package var latitude: Double?
    package var longitude: Double?
    /// The `address` object's fields.
    package var address: NominatimAddress

    package init(
        name: String? = nil, displayName: String? = nil, latitude: Double? = nil, longitude: Double? = nil,
        address: NominatimAddress = NominatimAddress()
    ) {
        self.name = name
        self.displayName = displayName
        self.latitude = latitude
        self.longitude = longitude
        self.address = address
    }
}
