import Testing

@testable import H3Index

/// The reference vectors: every row must give the C library's cell exactly.
@Suite struct LatLngToCellVectorTests {
    @Test func vectorFileHasEveryRow() {
        #expect(TestVector.all.count == 28_420)
    }

    @Test func everyVectorRowMatchesTheCLibraryExactly() throws {
        var mismatches: [String] = []
        var count = 0
        for row in TestVector.all {
            let cell = try H3Cell(latitude: row.latitude, longitude: row.longitude, resolution: row.resolution)
            if cell.description != row.cell {
                count += 1
                if mismatches.count < 5 {
                    mismatches.append("line \(row.line): (\(row.latitude), \(row.longitude), \(row.resolution)) gave \(cell), expected \(row.cell)")
                }
            }
        }
        #expect(count == 0, "\(count) of \(TestVector.all.count) rows differ; first: \(mismatches.joined(separator: "; "))")
    }

    @Test func everyExpectedCellParsesAndIsValid() {
        let invalid = TestVector.all.filter { H3Cell($0.cell) == nil }
        #expect(invalid.isEmpty, "unparsable: \(invalid.prefix(3).map(\.cell))")
    }
}
