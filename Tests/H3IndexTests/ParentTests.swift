import Testing

@testable import H3Index

/// `parent(at:)` (C `cellToParent`).
@Suite struct ParentTests {
    /// Parents of `8a28f0004a77fff` at resolutions 0...10, from the C library.
    static let portlandParents = [
        "8029fffffffffff", "8128fffffffffff", "8228f7fffffffff", "8328f0fffffffff",
        "8428f01ffffffff", "8528f003fffffff", "8628f0007ffffff", "8728f0004ffffff",
        "8828f0004bfffff", "8928f0004a7ffff", "8a28f0004a77fff",
    ]

    @Test func parentsMatchTheCLibrary() throws {
        let cell = try #require(H3Cell("8a28f0004a77fff"))
        for resolution in 0...10 {
            #expect(try cell.parent(at: resolution).description == Self.portlandParents[resolution])
        }
    }

    @Test func parentAtOwnResolutionIsTheCell() throws {
        for row in TestVector.all.prefix(500) {
            let cell = try #require(H3Cell(row.cell))
            #expect(try cell.parent(at: cell.resolution) == cell)
        }
    }

    @Test func finerResolutionIsAMismatch() throws {
        let cell = try #require(H3Cell("8a28f0004a77fff"))
        #expect(throws: H3Error.resolutionMismatch(cellResolution: 10, requestedResolution: 11)) {
            try cell.parent(at: 11)
        }
        #expect(throws: H3Error.resolutionMismatch(cellResolution: 10, requestedResolution: 15)) {
            try cell.parent(at: 15)
        }
    }

    @Test(arguments: [-1, 16, Int.min, Int.max])
    func resolutionOutsideZeroToFifteenIsRejected(resolution: Int) throws {
        let cell = try #require(H3Cell("8a28f0004a77fff"))
        #expect(throws: H3Error.resolutionDomain(resolution)) {
            try cell.parent(at: resolution)
        }
    }

    @Test func parentsKeepBaseCellAndLeadingDigitsAndStayValid() throws {
        for row in TestVector.all.prefix(3_000) {
            let cell = try #require(H3Cell(row.cell))
            for resolution in 0...cell.resolution {
                let parent = try cell.parent(at: resolution)
                #expect(H3Cell.isValidCell(parent.rawValue))
                #expect(parent.resolution == resolution)
                #expect(parent.baseCell == cell.baseCell)
                // Taking parents in two steps or one gives the same cell.
                if resolution > 0 {
                    #expect(try parent.parent(at: resolution - 1) == cell.parent(at: resolution - 1))
                }
            }
        }
    }
}
