import Testing

@testable import H3Index

/// Resolution, base cell, pentagon flag, ordering and hashing.
@Suite struct H3CellPropertyTests {
    @Test func fieldsAreRead() throws {
        let cell = try #require(H3Cell("8a28f0004a77fff"))
        #expect(cell.resolution == 10)
        #expect(cell.baseCell == 20)
        #expect(!cell.isPentagon)
        let southPole = try #require(H3Cell("80f3fffffffffff"))
        #expect(southPole.resolution == 0)
        #expect(southPole.baseCell == 121)
    }

    @Test func pentagonsAreTheAllZeroCellsOfTheTwelvePentagonBaseCells() throws {
        let pentagonBaseCells = [4, 14, 24, 38, 49, 58, 63, 72, 83, 97, 107, 117]
        for baseCell in 0..<122 {
            let resolution0 = try #require(H3Cell(rawValue: ValidationTests.index(resolution: 0, baseCell: baseCell, digits: [])))
            #expect(resolution0.isPentagon == pentagonBaseCells.contains(baseCell))
            let centre = try #require(H3Cell(rawValue: ValidationTests.index(resolution: 2, baseCell: baseCell, digits: [0, 0])))
            #expect(centre.isPentagon == pentagonBaseCells.contains(baseCell))
            let offCentre = try #require(H3Cell(rawValue: ValidationTests.index(resolution: 2, baseCell: baseCell, digits: [0, 2])))
            #expect(!offCentre.isPentagon)
        }
    }

    @Test func orderAndHashFollowTheRawValue() throws {
        let cells = try TestVector.all.prefix(1_000).map { try #require(H3Cell($0.cell)) }
        let sorted = cells.sorted()
        #expect(zip(sorted, sorted.dropFirst()).allSatisfy { $0.rawValue <= $1.rawValue })
        #expect(Set(cells).count == Set(cells.map(\.rawValue)).count)
    }
}
