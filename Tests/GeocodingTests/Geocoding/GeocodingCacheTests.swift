import Foundation
import Testing

@testable import Geocoding

/// Cache keys (rounded positions, normalised queries) and the bounded in-memory cache.
@Suite struct GeocodingCacheTests {
    private let start = Date(timeIntervalSince1970: 1_788_544_800)
    private let place = NominatimPlace(name: "Powell's City of Books", latitude: 45.5230616, longitude: -122.6812796)

    private func reverseKey(_ latitude: Double, _ longitude: Double, language: String? = nil) -> GeocodingCacheKey? {
        RoundedPosition(latitude: latitude, longitude: longitude).map { GeocodingCacheKey.reverse($0, language: language) }
    }

    @Test func positionsAreRoundedToFourDecimals() throws {
        let position = try #require(RoundedPosition(latitude: 45.52306, longitude: -122.68128))
        #expect(position.latitudeText == "45.5231")
        #expect(position.longitudeText == "-122.6813")
        #expect(RoundedPosition(latitude: -0.00004, longitude: 0.00005)?.longitudeText == "0.0001")
        #expect(RoundedPosition(latitude: -0.00004, longitude: 0.00005)?.latitudeText == "0.0000")
        #expect(RoundedPosition(latitude: -33.9, longitude: 151.2)?.latitudeText == "-33.9000")
        #expect(reverseKey(45.52306, -122.68128)?.rawValue == "v1 reverse 45.5231,-122.6813")
    }

    @Test func nearbyPositionsShareAKeyAndFartherOnesDoNot() {
        #expect(reverseKey(45.5225, -122.68082) == reverseKey(45.52254, -122.68082))
        #expect(reverseKey(45.5225, -122.68082) != reverseKey(45.52256, -122.68082))
        #expect(reverseKey(45.5225, -122.68082, language: "de") != reverseKey(45.5225, -122.68082))
    }

    @Test func invalidPositionsHaveNoKey() {
        #expect(RoundedPosition(latitude: .nan, longitude: 0) == nil)
        #expect(RoundedPosition(latitude: 0, longitude: .infinity) == nil)
        #expect(RoundedPosition(latitude: 90.0001, longitude: 0) == nil)
        #expect(RoundedPosition(latitude: 0, longitude: -180.0001) == nil)
        #expect(RoundedPosition(latitude: -90, longitude: 180) != nil)
    }

    @Test func queriesDifferingOnlyInCaseAndSpacingShareAKey() throws {
        let a = GeocodingCacheKey.search(try #require(PlaceText.query("  Powell's   CITY of books ")), language: nil)
        let b = GeocodingCacheKey.search(try #require(PlaceText.query("powell's city\tof Books")), language: nil)
        #expect(a == b)
        #expect(a.rawValue == "v1 search q=powell's city of books")
    }

    @Test func entriesExpire() throws {
        let cache = InMemoryGeocodingCache()
        let key = try #require(reverseKey(45.5, -122.6))
        cache.store([place], for: key, until: start.addingTimeInterval(60))
        #expect(cache.places(for: key, at: start.addingTimeInterval(59)) == [place])
        #expect(cache.places(for: key, at: start.addingTimeInterval(60)) == nil)
        #expect(cache.count == 0)
    }

    @Test func anEmptyListIsACachedNegativeAnswerNotAMiss() throws {
        let cache = InMemoryGeocodingCache()
        let key = try #require(reverseKey(0, -30))
        #expect(cache.places(for: key, at: start) == nil)
        cache.store([], for: key, until: start.addingTimeInterval(60))
        #expect(cache.places(for: key, at: start) == [])
    }

    @Test func theLeastRecentlyUsedEntriesAreDroppedPastCapacity() throws {
        let cache = InMemoryGeocodingCache(capacity: 10)
        let keys = (0..<11).map { GeocodingCacheKey.search("query \($0)", language: nil) }
        let until = start.addingTimeInterval(3600)
        for key in keys.prefix(10) { cache.store([place], for: key, until: until) }
        _ = cache.places(for: keys[0], at: start)  // recently used: survives
        cache.store([place], for: keys[10], until: until)
        #expect(cache.count <= 10)
        #expect(cache.places(for: keys[0], at: start) != nil)
        #expect(cache.places(for: keys[10], at: start) != nil)
        #expect(cache.places(for: keys[1], at: start) == nil)
    }

    @Test func aCacheOfOneKeepsTheNewestEntry() {
        let cache = InMemoryGeocodingCache(capacity: 1)
        let until = start.addingTimeInterval(3600)
        cache.store([place], for: .search("first", language: nil), until: until)
        cache.store([], for: .search("second", language: nil), until: until)
        #expect(cache.count == 1)
        #expect(cache.places(for: .search("second", language: nil), at: start) == [])
    }
}
