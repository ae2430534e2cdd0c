import ATProtoTestKit
import LoggingTestKit
import TestKit
import Testing

@testable import ATProto
@testable import Geocoding
@testable import GrainSupport

/// The client against a stand-in Nominatim: request shape, suggestions, caching.
/// Expected H3 cells come from h3-py 4.5.0 (`h3.latlng_to_cell(lat, lon, 10)`).
@Suite struct NominatimClientTests {
    @Test func aReverseLookupSendsTheReferenceRequestWithAnIdentifyingUserAgent() async throws {
        try await NominatimHarness.run { harness in
            // The photo was taken 90 m north of where Nominatim places the shop.
            let suggestion = try #require(await harness.client().reverse(latitude: 45.5238616, longitude: -122.6812796))
            let request = try #require(harness.server.requests.first)
            #expect(request.path == "/reverse")
            #expect(request.parameters == ["format": "json", "lat": "45.5239", "lon": "-122.6813", "addressdetails": "1"])
            #expect(request.userAgent == "GrainStories/\(GrainStoriesVersion.current) (self-hosted; contact: alice@example.org)")

            #expect(suggestion.name == "Powell's City of Books")
            #expect(
                suggestion.address
                    == AddressLocation(
                        country: "US", postalCode: "97209", region: "Oregon", locality: "Portland",
                        street: "1005 West Burnside Street", name: "Powell's City of Books"
                    ))
            // The photo's own cell, not Nominatim's (8a28f0004a77fff).
            #expect(suggestion.location == HThreeLocation(value: "8a28f0004a57fff", name: "Powell's City of Books"))
            #expect(suggestion.latitude == 45.5238616)
            #expect(suggestion.display == "Powell's City of Books, Portland, Oregon, US")
        }
    }

    @Test func aCityResultIsNamedAfterTheCity() async throws {
        try await NominatimHarness.run { harness in
            let suggestion = try #require(await harness.client().reverse(latitude: 44.059, longitude: -121.314))
            #expect(suggestion.name == "Bend")
            #expect(suggestion.address == AddressLocation(country: "US", region: "Oregon", locality: "Bend", name: "Bend"))
            #expect(suggestion.location.value == "8a28a90255affff")
            #expect(suggestion.display == "Bend, Oregon, US")
        }
    }

    @Test func aResultWithoutANameIsNamedAfterTownStateAndCountry() async throws {
        try await NominatimHarness.run { harness in
            let suggestion = try #require(await harness.client().reverse(latitude: 44.29115, longitude: -121.54973))
            #expect(suggestion.name == "Sisters, Oregon, United States")
            #expect(
                suggestion.address
                    == AddressLocation(
                        country: "US", postalCode: "97759", region: "Oregon", locality: "Sisters", street: "291 West Cascade Avenue"
                    ))
            #expect(suggestion.display == "Sisters, Oregon, US")
        }
    }

    @Test func theOceanHasNoSuggestionAndThatAnswerIsCachedForAShorterTime() async throws {
        try await NominatimHarness.run { harness in
            let client = harness.client()
            #expect(await client.reverse(latitude: 0, longitude: -30) == nil)
            #expect(await client.reverse(latitude: 0.00001, longitude: -30) == nil)
            #expect(harness.requestCount == 1)
            _ = await client.reverse(latitude: 45.5238616, longitude: -122.6812796)
            #expect(harness.requestCount == 2)

            harness.clock.advance(by: .seconds(3601))
            #expect(await client.reverse(latitude: 0, longitude: -30) == nil)
            #expect(harness.requestCount == 3)
            // The positive answer is still fresh.
            #expect(await client.reverse(latitude: 45.5238616, longitude: -122.6812796) != nil)
            #expect(harness.requestCount == 3)
        }
    }

    @Test func photosWithinTheSameRoundedPositionShareOneRequestButKeepTheirOwnCells() async throws {
        try await NominatimHarness.run { harness in
            let client = harness.client()
            let first = try #require(await client.reverse(latitude: 45.5225, longitude: -122.68082))
            let second = try #require(await client.reverse(latitude: 45.52254, longitude: -122.68082))
            #expect(harness.requestCount == 1)
            #expect(first.name == second.name)
            #expect(first.location.value == "8a28f0004b5ffff")
            #expect(second.location.value == "8a28f0004a2ffff")
        }
    }

    @Test func searchResultsTakeTheirCellsFromTheirOwnPositions() async throws {
        try await NominatimHarness.run { harness in
            let client = harness.client()
            let results = await client.search("Powell's")
            #expect(results.map(\.name) == ["Powell's City of Books", "Powell's Books on Hawthorne"])
            #expect(results.map(\.location.value) == ["8a28f0004a77fff", "8a28f0030367fff"])
            #expect(results.map(\.latitude) == [45.5230616, 45.5120893])
            #expect(results.last?.address?.street == "3723 Southeast Hawthorne Boulevard")
            let request = try #require(harness.server.requests.first)
            #expect(request.path == "/search")
            #expect(request.parameters == ["format": "json", "q": "Powell's", "limit": "5", "addressdetails": "1"])

            // The same query in another case and spacing is a cache hit.
            #expect(await client.search("  POWELL'S ").count == 2)
            #expect(harness.requestCount == 1)
        }
    }

    @Test func aSearchWithoutResultsIsCachedToo() async throws {
        try await NominatimHarness.run { harness in
            let client = harness.client()
            #expect(await client.search("Atlantis").isEmpty)
            #expect(await client.search("atlantis").isEmpty)
            #expect(harness.requestCount == 1)
        }
    }

    @Test func shortQueriesAreIgnoredAndLongOnesCut() async throws {
        try await NominatimHarness.run { harness in
            let client = harness.client()
            #expect(await client.search("").isEmpty)
            #expect(await client.search(" p\n").isEmpty)
            #expect(harness.requestCount == 0)
            _ = await client.search("powell " + String(repeating: "x", count: 5000))
            #expect(harness.server.requests.first?.parameters["q"]?.count == 200)
        }
    }

    @Test func invalidCoordinatesAreRefusedBeforeAnyRequest() async throws {
        try await NominatimHarness.run { harness in
            let client = harness.client()
            for (latitude, longitude) in [(Double.nan, 0.0), (0, .infinity), (-.infinity, 0), (90.5, 0), (0, 181), (-1e300, 1e300)] {
                #expect(await client.reverse(latitude: latitude, longitude: longitude) == nil)
            }
            #expect(harness.requestCount == 0)
        }
    }

    @Test func aDisabledClientAnswersNothingWithoutAnyRequest() async throws {
        try await NominatimHarness.run { harness in
            for base in [nil, "", " / "] as [String?] {
                let client = NominatimClient(baseURL: base, operatorContact: "", http: harness.http, logger: harness.logs.logger(), limiter: harness.limiter)
                #expect(!client.isEnabled)
                #expect(await client.reverse(latitude: 45.5238616, longitude: -122.6812796) == nil)
                #expect(await client.search("Powell's").isEmpty)
            }
            #expect(harness.requestCount == 0)
        }
    }

    @Test func theLanguageIsForwardedWhenItLooksLikeOne() async throws {
        try await NominatimHarness.run { harness in
            let client = harness.client()
            _ = await client.reverse(latitude: 45.5238616, longitude: -122.6812796, language: "de-DE,de;q=0.9")
            #expect(harness.server.requests.last?.parameters["accept-language"] == "de-DE,de;q=0.9")
            // Another language is another cache entry; a hostile value is dropped.
            _ = await client.reverse(latitude: 45.5238616, longitude: -122.6812796, language: "en\r\nX-Evil: 1")
            #expect(harness.requestCount == 2)
            #expect(harness.server.requests.last?.parameters["accept-language"] == nil)
        }
    }

    @Test func theUserAgentIdentifiesGrainStoriesWithOrWithoutAContact() {
        let version = GrainStoriesVersion.current
        #expect(NominatimClient.userAgent(contact: "alice@example.org") == "GrainStories/\(version) (self-hosted; contact: alice@example.org)")
        #expect(NominatimClient.userAgent(contact: "") == "GrainStories/\(version) (self-hosted)")
        #expect(NominatimClient.userAgent(contact: " \n ") == "GrainStories/\(version) (self-hosted)")
        #expect(NominatimClient.userAgent(contact: "a)(b\r\nX: y") == "GrainStories/\(version) (self-hosted; contact: ab X: y)")
    }
}
