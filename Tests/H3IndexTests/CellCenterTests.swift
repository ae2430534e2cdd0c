import Testing

@testable import H3Index

/// `center` (C `cellToLatLng`) must agree with the C library bit for bit.
@Suite struct CellCenterTests {
    @Test func documentedExampleCentreIsExact() throws {
        let cell = try #require(H3Cell("8a28f0004a77fff"))
        let center = cell.center
        #expect(center.latitude == 45.523203237392046)
        #expect(center.longitude == -122.68107056203357)
    }

    @Test func centreFileCoversBaseCellsPentagonsAndSampledCells() {
        let rows = CenterVector.all
        #expect(rows.count > 3_000)
        #expect(rows.contains { $0.cell == "8009fffffffffff" })  // base cell 4, a pentagon
        #expect(rows.contains { $0.cell.hasPrefix("8f") })  // resolution 15
    }

    @Test func everyCentreMatchesTheCLibraryBitForBit() throws {
        var mismatches: [String] = []
        var count = 0
        for row in CenterVector.all {
            let cell = try #require(H3Cell(row.cell), "line \(row.line): \(row.cell) does not parse")
            let center = cell.center
            if center.latitude.bitPattern != row.latitude.bitPattern
                || center.longitude.bitPattern != row.longitude.bitPattern
            {
                count += 1
                if mismatches.count < 5 {
                    mismatches.append("\(row.cell): (\(center.latitude), \(center.longitude)) expected (\(row.latitude), \(row.longitude))")
                }
            }
        }
        #expect(count == 0, "\(count) of \(CenterVector.all.count) centres differ; first: \(mismatches.joined(separator: "; "))")
    }

    @Test func indexingACellsCentreGivesTheCellBack() throws {
        var failures: [String] = []
        var checked = 0
        let cells = Set(TestVector.all.map(\.cell)).sorted() + CenterVector.all.map(\.cell)
        for text in cells {
            let cell = try #require(H3Cell(text))
            let center = cell.center
            let again = try H3Cell(latitude: center.latitude, longitude: center.longitude, resolution: cell.resolution)
            checked += 1
            if again != cell, failures.count < 5 {
                failures.append("\(cell) -> \(center) -> \(again)")
            }
        }
        #expect(checked > 20_000)
        #expect(failures.isEmpty, "round trips failed: \(failures)")
    }
}
