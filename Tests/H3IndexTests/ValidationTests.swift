import Testing

@testable import H3Index

/// `isValidCell` and `init?(rawValue:)`, rule by rule (reference notes §5.3).
@Suite struct ValidationTests {
    /// A resolution-`resolution` cell on `baseCell` with the given leading digits.
    static func index(resolution: Int, baseCell: Int, digits: [Int]) -> UInt64 {
        var h = UInt64(1) << 59 | UInt64(resolution) << 52 | UInt64(baseCell) << 45 | (1 << 45 - 1)
        for (offset, digit) in digits.enumerated() {
            let shift = UInt64(3 * (14 - offset))
            h = (h & ~(7 << shift)) | UInt64(digit) << shift
        }
        return h
    }

    static let valid: UInt64 = 0x08a2_8f00_04a7_7fff

    @Test func knownCellsAreValid() {
        #expect(H3Cell.isValidCell(Self.valid))
        #expect(H3Cell.isValidCell(0x0800_1fff_ffff_ffff))  // base cell 0
        #expect(H3Cell.isValidCell(Self.index(resolution: 0, baseCell: 121, digits: [])))
        #expect(H3Cell(rawValue: Self.valid)?.rawValue == Self.valid)
    }

    @Test func topBitsMustBeCellModeWithHighAndReservedBitsClear() {
        #expect(!H3Cell.isValidCell(Self.valid | 1 << 63))  // high bit
        for mode: UInt64 in [0, 2, 3, 4, 15] {
            #expect(!H3Cell.isValidCell((Self.valid & ~(0xF << 59)) | mode << 59))
        }
        for bit: UInt64 in 56...58 {
            #expect(!H3Cell.isValidCell(Self.valid | 1 << bit))  // reserved
        }
        #expect(!H3Cell.isValidCell(0))
        #expect(!H3Cell.isValidCell(.max))
        #expect(H3Cell(rawValue: Self.valid | 1 << 63) == nil)
    }

    @Test func baseCellMustBeBelow122() {
        #expect(H3Cell.isValidCell(Self.index(resolution: 2, baseCell: 121, digits: [2, 3])))
        for baseCell in 122...127 {
            #expect(!H3Cell.isValidCell(Self.index(resolution: 2, baseCell: baseCell, digits: [2, 3])))
        }
    }

    @Test func digitSevenWithinTheResolutionIsInvalid() {
        #expect(!H3Cell.isValidCell(Self.index(resolution: 3, baseCell: 20, digits: [7, 0, 0])))
        #expect(!H3Cell.isValidCell(Self.index(resolution: 3, baseCell: 20, digits: [1, 7, 2])))
        #expect(!H3Cell.isValidCell(Self.index(resolution: 3, baseCell: 20, digits: [1, 2, 7])))
        #expect(H3Cell.isValidCell(Self.index(resolution: 3, baseCell: 20, digits: [1, 2, 6])))
    }

    @Test func everyDigitAfterTheResolutionMustBeSeven() {
        #expect(!H3Cell.isValidCell(Self.index(resolution: 2, baseCell: 20, digits: [1, 2, 0])))
        #expect(!H3Cell.isValidCell(Self.index(resolution: 2, baseCell: 20, digits: [1, 2, 7, 6])))
        #expect(!H3Cell.isValidCell(Self.valid & ~1))  // last slot
        #expect(!H3Cell.isValidCell(Self.index(resolution: 0, baseCell: 20, digits: [3])))
    }

    @Test func pentagonIndexMayNotStartWithTheDeletedKDigit() {
        // Base cell 4 is a pentagon, 20 is not.
        #expect(!H3Cell.isValidCell(Self.index(resolution: 1, baseCell: 4, digits: [1])))
        #expect(!H3Cell.isValidCell(Self.index(resolution: 3, baseCell: 4, digits: [0, 0, 1])))
        #expect(H3Cell.isValidCell(Self.index(resolution: 3, baseCell: 4, digits: [0, 2, 1])))
        #expect(H3Cell.isValidCell(Self.index(resolution: 3, baseCell: 4, digits: [0, 0, 0])))
        #expect(H3Cell.isValidCell(Self.index(resolution: 15, baseCell: 117, digits: Array(repeating: 0, count: 15))))
        #expect(H3Cell.isValidCell(Self.index(resolution: 1, baseCell: 20, digits: [1])))
    }

    @Test func agreesWithTheCLibraryOnTenThousandNearValidIndexes() {
        let rows = ValidityVector.all
        #expect(rows.count == 10_000)
        let disagreements = rows.filter { H3Cell.isValidCell($0.index) != $0.isValid }
        #expect(disagreements.isEmpty, "\(disagreements.count) differ, e.g. \(disagreements.prefix(3).map { String($0.index, radix: 16) })")
        // Both outcomes are exercised.
        #expect(rows.filter(\.isValid).count > 1_000)
        #expect(rows.filter { !$0.isValid }.count > 1_000)
    }
}
