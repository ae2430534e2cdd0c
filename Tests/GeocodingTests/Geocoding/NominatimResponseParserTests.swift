import TestKit
import Testing

@testable import Geocoding

/// Nominatim's JSON is read tolerantly, and "nothing here" is told apart from garbage.
@Suite struct NominatimResponseParserTests {
    private func parse(_ text: String) -> [NominatimPlace]? {
        NominatimResponseParser.parse(Array(text.utf8))
    }

    @Test func aReverseAnswerBecomesOnePlace() throws {
        let places = try #require(NominatimResponseParser.parse(Array(Fixtures.data("nominatim-reverse-powells"))))
        #expect(places == [PlaceSuggestionTests.powells])
    }

    @Test func aSearchAnswerBecomesAListOfPlaces() throws {
        let places = try #require(NominatimResponseParser.parse(Array(Fixtures.data("nominatim-search-powells"))))
        #expect(places.map(\.name) == ["Powell's City of Books", "Powell's Books on Hawthorne"])
        #expect(places[1].latitude == 45.5120893)
        #expect(places[1].address.postcode == "97214")
    }

    @Test func unableToGeocodeAndAnEmptyListMeanNothingFound() {
        #expect(parse(#"{"error":"Unable to geocode"}"#) == [])
        #expect(parse("[]") == [])
    }

    @Test func garbageIsNotMistakenForNothingFound() {
        #expect(parse("<html>Bad Gateway</html>") == nil)
        #expect(parse(#"{"lat":"45."#) == nil)
        #expect(parse("42") == nil)
        #expect(parse(#"{"licence":"ODbL"}"#) == nil)
        #expect(parse(#"[1, "two", null]"#) == nil)
    }

    @Test func positionsMayBeStringsOrNumbersButMustBeValid() {
        #expect(parse(#"{"name":"A","lat":45.5,"lon":-122.6}"#)?.first?.latitude == 45.5)
        #expect(parse(#"{"name":"A","lat":" 45.5 ","lon":"-122.6"}"#)?.first?.longitude == -122.6)
        let bad = parse(#"{"name":"A","lat":"nan","lon":"1e999"}"#)?.first
        #expect(bad?.latitude == nil)
        #expect(bad?.longitude == nil)
        #expect(parse(#"{"name":"A","lat":"95","lon":"200"}"#)?.first?.latitude == nil)
    }

    @Test func hostileTextIsCleanedAndCut() throws {
        let longName = String(repeating: "N", count: 100_000)
        let json = #"{"name":"\#(longName)","display_name":"x","address":{"city":"Port\u0000land\u202e","road":["not","text"],"postcode":97209}}"#
        let place = try #require(parse(json)?.first)
        #expect(place.name?.count == PlaceText.maxFieldLength)
        #expect(place.address.city == "Port land")
        #expect(place.address.road == nil)
        #expect(place.address.postcode == "97209")
    }

    @Test func atMostFiveResultsAreKept() throws {
        let one = #"{"name":"P","lat":"1","lon":"2"}"#
        let places = try #require(parse("[" + Array(repeating: one, count: 40).joined(separator: ",") + "]"))
        #expect(places.count == 5)
    }
}
