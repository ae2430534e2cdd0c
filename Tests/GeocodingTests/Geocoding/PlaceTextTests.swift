import Testing

@testable import Geocoding

/// Hostile text from the network or the search box is cleaned before use.
@Suite struct PlaceTextTests {
    @Test func controlAndBidiCharactersAreRemovedAndSpacesCollapsed() {
        #expect(PlaceText.clean("  Powell's\u{0}City\n\tof \u{202E}Books\u{7F} ") == "Powell's City of Books")
        #expect(PlaceText.clean("\u{1B}[31m") == "[31m")
        #expect(PlaceText.clean("\u{0}\u{200F} \n") == nil)
    }

    @Test func longTextIsCutToTheFieldLimit() throws {
        let long = String(repeating: "Ω", count: 5000)
        let cleaned = try #require(PlaceText.clean(long))
        #expect(cleaned.count == PlaceText.maxFieldLength)
        // A cut never leaves a trailing space.
        let words = String(repeating: "ab ", count: 300)
        let cut = try #require(PlaceText.clean(words))
        #expect(cut.count <= PlaceText.maxFieldLength)
        #expect(!cut.hasSuffix(" "))
    }

    @Test func queriesShorterThanTwoCharactersAreIgnored() {
        #expect(PlaceText.query("a") == nil)
        #expect(PlaceText.query("  a \n") == nil)
        #expect(PlaceText.query("ab") == "ab")
        #expect(PlaceText.query("  Powell's   City\tof Books ") == "Powell's City of Books")
        #expect(PlaceText.query(String(repeating: "q", count: 10_000))?.count == PlaceText.maxQueryLength)
    }
}
