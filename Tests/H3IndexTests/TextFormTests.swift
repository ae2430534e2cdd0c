import Testing

@testable import H3Index

/// The 15-lowercase-hex-digit text form.
@Suite struct TextFormTests {
    @Test func validTextParsesAndRoundTrips() throws {
        let cell = try #require(H3Cell("8a28f0004a77fff"))
        #expect(cell.rawValue == 0x08a2_8f00_04a7_7fff)
        #expect(cell.description == "8a28f0004a77fff")
        #expect("\(cell)" == "8a28f0004a77fff")
    }

    @Test(arguments: [
        "8A28F0004A77FFF", "8a28f0004A77fff",  // uppercase
        "8a28f0004a77ff", "", "8",  // short
        "8a28f0004a77ffff", "08a28f0004a77fff",  // long
        "8a28f0004a77ffg", "8a28f0004a77ff ", " 8a28f0004a77ff", "0x8a28f0004a77f", "-8a28f0004a77ff",
        "8a28f0004a77ff\u{FF46}", "８a28f0004a77fff",  // non-ASCII look-alikes
        "0a28f0004a77fff",  // hex, but mode 0: not a cell
        "8a28f0004a77ff0",  // digit after the resolution is not 7
    ])
    func malformedTextIsRejected(text: String) {
        #expect(H3Cell(text) == nil)
    }

    @Test func appendedDescriptionEqualsDescription() throws {
        var bytes: [UInt8] = []
        for row in TestVector.all.prefix(2_000) {
            let cell = try #require(H3Cell(row.cell))
            bytes.removeAll(keepingCapacity: true)
            cell.appendDescription(to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == row.cell)
        }
    }
}
