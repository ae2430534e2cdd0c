/// What a geocoding answer is cached under: rounded coordinates for a reverse lookup,
/// the normalised text for a search, plus the requested language.
///
/// `rawValue` is a stable, human-readable string (for example
/// `v1 reverse 45.5231,-122.6813` or `v1 search lang=de q=powell's books`) so a
/// persistent cache can use it as a primary key; the version prefix lets a later
/// format change start from a clean slate.
package struct GeocodingCacheKey: Hashable, Sendable, CustomStringConvertible {
    package let rawValue: String

    package var description: String { rawValue }

    private init(_ rawValue: String) { self.rawValue = rawValue }

    /// The key for a reverse lookup at a position already rounded by `RoundedPosition`.
    static func reverse(_ position: RoundedPosition, language: String?) -> GeocodingCacheKey {
        GeocodingCacheKey("v1 reverse \(position.latitudeText),\(position.longitudeText)" + languageSuffix(language))
    }

    /// The key for a search whose text was already cleaned by `PlaceText.query`;
    /// case is folded so "Portland" and "portland" share one answer.
    static func search(_ query: String, language: String?) -> GeocodingCacheKey {
        GeocodingCacheKey("v1 search" + languageSuffix(language) + " q=" + query.lowercased())
    }

    private static func languageSuffix(_ language: String?) -> String {
        language.map { " lang=\($0)" } ?? ""
    }
}
