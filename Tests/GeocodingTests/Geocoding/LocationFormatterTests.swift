import Foundation
import TestKit
import Testing

@testable import ATProto
@testable import Geocoding

/// `locationDisplay` (reference §2.10) and the crosspost's location line (§6.1).
@Suite struct LocationFormatterTests {
    private let portland = AddressLocation(country: "US", region: "Oregon", locality: "Portland")

    @Test func theFirstRowOfTheReferenceTable() {
        #expect(LocationFormatter.display(name: "Powell's City of Books", address: portland) == "Powell's City of Books, Portland, Oregon, US")
    }

    @Test func theSecondRowOfTheReferenceTable() {
        #expect(LocationFormatter.display(name: "Portland, Oregon, United States", address: portland) == "Portland, Oregon, US")
    }

    @Test func theCrosspostExampleTextIsReproducedFromTheStoryRecord() throws {
        struct Record: Decodable {
            var location: HThreeLocation
            var address: AddressLocation
        }
        let record = try JSONDecoder().decode(Record.self, from: Fixtures.data("story-record"))
        let url = "https://grain.social/profile/did:plc:hbrpoigf3cbfnobm2o4rak3v/story/3muojebufwseb"
        let text = ["", "📍 " + LocationFormatter.display(location: record.location, address: record.address), "", "#GrainSocial " + url]
            .joined(separator: "\n")
        #expect(
            text
                == "\n📍 Powell's City of Books, Portland, Oregon, US\n\n#GrainSocial https://grain.social/profile/did:plc:hbrpoigf3cbfnobm2o4rak3v/story/3muojebufwseb"
        )
    }

    @Test func withoutAddressContextTheTrimmedNameIsKeptWhole() {
        #expect(LocationFormatter.display(name: "  Kansas City, Jackson County, Missouri ", address: nil) == "Kansas City, Jackson County, Missouri")
        #expect(LocationFormatter.display(name: "A, B", address: AddressLocation(postalCode: "97209", street: "Main St")) == "A, B")
        #expect(LocationFormatter.display(location: nil, address: nil) == "")
    }

    @Test func partsEqualToThePreviousOneAreSkippedIgnoringCase() {
        let newYork = AddressLocation(country: "US", region: "New York", locality: "New York")
        #expect(LocationFormatter.display(name: "New York, New York, United States", address: newYork) == "New York, US")
        let paris = AddressLocation(country: "fr", region: "Île-de-France", locality: "paris")
        #expect(LocationFormatter.display(name: "PARIS", address: paris) == "PARIS, Île-de-France, FR")
    }

    @Test func countryNamesBecomeCodes() {
        #expect(LocationFormatter.display(name: "Bar", address: AddressLocation(country: "USA", locality: "Austin")) == "Bar, Austin, US")
        #expect(LocationFormatter.display(name: "Pub", address: AddressLocation(country: "United Kingdom")) == "Pub, GB")
        #expect(LocationFormatter.display(name: "Café", address: AddressLocation(country: " united states ")) == "Café, US")
        #expect(LocationFormatter.display(name: "Hut", address: AddressLocation(country: "Atlantis")) == "Hut, ATLANTIS")
    }

    @Test func theCountryIsLeftOutWhenTheFirstChunkNamesIt() {
        #expect(LocationFormatter.display(name: "Greece", address: AddressLocation(country: "GR")) == "Greece")
        #expect(LocationFormatter.display(name: "Greece, Attica", address: AddressLocation(country: "GR", region: "Attica")) == "Greece, Attica")
        #expect(LocationFormatter.display(name: "Acropolis", address: AddressLocation(country: "GR", region: "Attica")) == "Acropolis, Attica, GR")
    }

    @Test func anEmptyFirstChunkFallsBackToTheWholeName() {
        #expect(LocationFormatter.display(name: ", Somewhere", address: AddressLocation(country: "US")) == ", Somewhere, US")
        #expect(LocationFormatter.display(name: nil, address: portland) == "Portland, Oregon, US")
    }

    @Test func theCountryTableCoversCommonEnglishNames() {
        let cases = [
            "United States": "US", "United States of America": "US", "USA": "US", "United Kingdom": "GB",
            "Germany": "DE", "France": "FR", "Japan": "JP", "Greece": "GR", "Türkiye": "TR", "Turkey": "TR",
            "Czechia": "CZ", "Czech Republic": "CZ", "South Korea": "KR", "Russia": "RU", "Netherlands": "NL",
            "China": "CN", "Vietnam": "VN", "Côte d’Ivoire": "CI", "Myanmar": "MM", "Kosovo": "XK", "us": "US", "gb": "GB",
        ]
        for (name, code) in cases {
            #expect(CountryCodes.normalize(name) == code, "\(name)")
        }
        #expect(CountryCodes.normalize("   ") == nil)
        #expect(CountryCodes.normalize(nil) == nil)
    }
}
