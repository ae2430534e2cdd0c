/// Finds places for the story form: a suggestion for a photo's GPS position and
/// places matching what the person types. `NominatimClient` is the live
/// implementation; tests of the upload pipeline can pass a fake.
///
/// Neither method fails: every problem (no service configured, network, rate limit,
/// a broken answer) simply means no suggestion, and the story is posted without a
/// location unless the person picks one.
package protocol PlaceGeocoder: Sendable {
    /// The place at a photo's own position, with its H3 cell computed from that
    /// position. `language` is an `Accept-Language` value (for example the uploader's
    /// browser header) for the names; nil lets the service choose.
    func reverse(latitude: Double, longitude: Double, language: String?) async -> PlaceSuggestion?

    /// Up to five places matching `query`, each with the H3 cell of its own position;
    /// empty for queries shorter than two characters.
    func search(_ query: String, language: String?) async -> [PlaceSuggestion]

    /// `search(_:language:)` on behalf of `requester` (an account), whose share of a
    /// rate-limited service's queue it counts against.
    func search(_ query: String, language: String?, requester: String?) async -> [PlaceSuggestion]
}

extension PlaceGeocoder {
    /// Geocoders without a shared queue need no per-requester share.
    package func search(_ query: String, language: String?, requester: String?) async -> [PlaceSuggestion] {
        await search(query, language: language)
    }

    package func reverse(latitude: Double, longitude: Double) async -> PlaceSuggestion? {
        await reverse(latitude: latitude, longitude: longitude, language: nil)
    }

    package func search(_ query: String) async -> [PlaceSuggestion] {
        await search(query, language: nil)
    }
}
