/// A position from a photo's EXIF GPS tags, in signed decimal degrees
/// (negative latitude is south, negative longitude is west).
///
/// Here, beside the cells, because both the photo's metadata (`PhotoModel`) and the
/// geocoder's suggestions (`Geocoding`) turn positions into the story's H3 cell.
public struct GPSCoordinate: Sendable, Equatable, Hashable, Codable {
    public let latitude: Double
    public let longitude: Double

    /// Returns nil unless both values are finite and within ±90 / ±180 degrees.
    public init?(latitude: Double, longitude: Double) {
        guard latitude.isFinite, longitude.isFinite,
            (-90...90).contains(latitude), (-180...180).contains(longitude)
        else { return nil }
        self.latitude = latitude
        self.longitude = longitude
    }
}
