/// A position rounded to 4 decimal places (about 11 m of latitude): the granularity at
/// which reverse lookups are sent and cached.
///
/// Rounding before the request, not only for the cache key, means the cached answer is
/// exactly the answer for its key (whichever photo asked first), and the photo's
/// precise position never leaves the server. The story's H3 cell is still computed
/// from the precise position.
struct RoundedPosition: Hashable, Sendable {
    /// Degrees times 10,000, rounded half away from zero.
    let latitudeE4: Int
    let longitudeE4: Int

    /// nil unless both values are finite and within ±90 / ±180 degrees.
    init?(latitude: Double, longitude: Double) {
        guard latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180 else { return nil }
        latitudeE4 = Int((latitude * 10_000).rounded())
        longitudeE4 = Int((longitude * 10_000).rounded())
    }

    var latitudeText: String { Self.decimal(latitudeE4) }
    var longitudeText: String { Self.decimal(longitudeE4) }

    /// `-1226813` → `-122.6813`, independent of locale.
    private static func decimal(_ e4: Int) -> String {
        let magnitude = e4.magnitude
        let fraction = String(magnitude % 10_000)
        let padded = String(repeating: "0", count: 4 - fraction.count) + fraction
        return (e4 < 0 ? "-" : "") + "\(magnitude / 10_000).\(padded)"
    }
}
