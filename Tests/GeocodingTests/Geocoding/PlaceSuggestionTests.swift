import TestKit
import Testing

@testable import ATProto
@testable import Geocoding

/// The `location.name` and `address` rules of reference §5.4, and where the H3 cell
/// comes from (§5.5).
///
/// Expected cells were computed with the reference H3 library, h3-py 4.5.0:
/// `h3.latlng_to_cell(lat, lon, 10)` in a venv with `pip install h3==4.5.0`.
@Suite struct PlaceSuggestionTests {
    /// Powell's as Nominatim describes it (see Fixtures/nominatim-reverse-powells.json).
    static let powells = NominatimPlace(
        name: "Powell's City of Books",
        displayName: "Powell's City of Books, 1005, West Burnside Street, Pearl District, Portland, Multnomah County, Oregon, 97209, United States",
        latitude: 45.5230616, longitude: -122.6812796,
        address: NominatimAddress(
            houseNumber: "1005", road: "West Burnside Street", city: "Portland", state: "Oregon", postcode: "97209",
            country: "United States", countryCode: "us"
        )
    )

    @Test func thePlacesOwnNameComesFirst() {
        #expect(Self.powells.locationName == "Powell's City of Books")
    }

    @Test func withoutANameCityStateAndCountryAreJoined() {
        var place = Self.powells
        place.name = nil
        #expect(place.locationName == "Portland, Oregon, United States")
    }

    @Test func townThenVillageStandInForAMissingCity() {
        let town = NominatimPlace(address: NominatimAddress(town: "Sisters", village: "Camp Sherman", state: "Oregon", country: "United States"))
        #expect(town.locationName == "Sisters, Oregon, United States")
        let village = NominatimPlace(address: NominatimAddress(village: "Camp Sherman", state: "Oregon"))
        #expect(village.locationName == "Camp Sherman, Oregon")
        let countryOnly = NominatimPlace(address: NominatimAddress(country: "Greece"))
        #expect(countryOnly.locationName == "Greece")
    }

    @Test func lastlyTheFirstPartOfTheDisplayNameIsUsed() {
        let place = NominatimPlace(displayName: "Ross Ice Shelf, Antarctica")
        #expect(place.locationName == "Ross Ice Shelf")
        #expect(NominatimPlace(displayName: " , Antarctica").locationName == nil)
        #expect(NominatimPlace().locationName == nil)
    }

    @Test func theAddressFollowsTheWebClient() {
        #expect(
            Self.powells.addressLocation
                == AddressLocation(
                    country: "US", postalCode: "97209", region: "Oregon", locality: "Portland",
                    street: "1005 West Burnside Street", name: "Powell's City of Books"
                ))
    }

    @Test func missingSourcesLeaveTheirKeysOut() {
        let roadOnly = NominatimPlace(address: NominatimAddress(road: "West Burnside Street", village: "Somewhere", countryCode: "us"))
        #expect(roadOnly.addressLocation == AddressLocation(country: "US", locality: "Somewhere", street: "West Burnside Street"))
        // A house number without a road is not a street.
        let numberOnly = NominatimPlace(address: NominatimAddress(houseNumber: "12", countryCode: "gr"))
        #expect(numberOnly.addressLocation == AddressLocation(country: "GR"))
    }

    @Test func thereIsNoAddressWithoutAUsableCountryCode() {
        var place = Self.powells
        place.address.countryCode = nil
        #expect(place.addressLocation == nil)
        place.address.countryCode = "x"
        #expect(place.addressLocation == nil)
        place.address.countryCode = "us<script>"
        #expect(place.addressLocation == nil)
    }

    @Test func aReverseSuggestionTakesItsCellFromThePhotosOwnPosition() throws {
        // Nominatim puts Powell's at 45.5230616, -122.6812796 (cell 8a28f0004a77fff);
        // the photo was taken 90 m north, in the neighbouring cell.
        let suggestion = try #require(PlaceSuggestion(place: Self.powells, latitude: 45.5238616, longitude: -122.6812796))
        #expect(suggestion.location == HThreeLocation(value: "8a28f0004a57fff", name: "Powell's City of Books"))
        #expect(suggestion.latitude == 45.5238616)
        #expect(suggestion.name == "Powell's City of Books")
        #expect(suggestion.address?.locality == "Portland")
        #expect(suggestion.display == "Powell's City of Books, Portland, Oregon, US")
    }

    @Test func theReferenceExampleCellComesFromNominatimsPositionForPowells() throws {
        let suggestion = try #require(PlaceSuggestion(place: Self.powells, latitude: 45.5230616, longitude: -122.6812796))
        #expect(suggestion.location.value == "8a28f0004a77fff")
    }

    @Test func noSuggestionWithoutANameOrAValidPosition() {
        #expect(PlaceSuggestion(place: NominatimPlace(), latitude: 45.5, longitude: -122.6) == nil)
        #expect(PlaceSuggestion(place: Self.powells, latitude: .nan, longitude: -122.6) == nil)
        #expect(PlaceSuggestion(place: Self.powells, latitude: 91, longitude: -122.6) == nil)
        #expect(PlaceSuggestion(place: Self.powells, latitude: 45, longitude: -180.5) == nil)
    }
}
