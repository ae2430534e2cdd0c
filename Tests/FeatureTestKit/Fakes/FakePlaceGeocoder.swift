import ATProto
package import Geocoding
import Synchronization

/// The geocoder edge in memory: every photo position is at `place`, and every search of
/// two characters or more finds just it (shorter queries find nothing, as the live client
/// answers). Calls are logged so tests can tell it was asked.
package final class FakePlaceGeocoder: PlaceGeocoder {
    package let place: PlaceSuggestion
    private let log = Mutex<[String]>([])

    /// A place no real geocoder would name, so a page showing it shows this fake was used.
    package static let lookout = PlaceSuggestion(
        name: "Fake Harbour Lookout", address: nil, latitude: 45.5238616, longitude: -122.6812796,
        location: HThreeLocation(value: "8a28f0004a77fff"))

    package init(place: PlaceSuggestion = FakePlaceGeocoder.lookout) {
        self.place = place
    }

    /// `reverse` and `search:<query>` for each call, in order.
    package var calls: [String] { log.withLock { $0 } }

    package func reverse(latitude: Double, longitude: Double, language: String?) async -> PlaceSuggestion? {
        log.withLock { $0.append("reverse") }
        return place
    }

    package func search(_ query: String, language: String?) async -> [PlaceSuggestion] {
        log.withLock { $0.append("search:\(query)") }
        return query.count < 2 ? [] : [place]
    }
}
