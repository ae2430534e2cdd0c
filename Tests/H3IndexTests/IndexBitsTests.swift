import Testing

@testable import H3Index

/// The packed digit-rotation maps and index rotations.
@Suite struct IndexBitsTests {
    static let counterClockwise = [0, 5, 3, 1, 6, 4, 2, 7]
    static let clockwise = [0, 3, 6, 2, 5, 1, 4, 7]

    static func apply(_ map: UInt32, _ digit: Int) -> Int {
        Int((map >> UInt32(digit * 4)) & 0xF)
    }

    @Test func packedMapsAreRepeatedSingleRotations() {
        for times in 0...5 {
            let map = IndexBits.counterClockwiseMap(times: times)
            for digit in 0...7 {
                var expected = digit
                for _ in 0..<times {
                    expected = Self.counterClockwise[expected]
                }
                #expect(Self.apply(map, digit) == expected, "\(times) rotations of \(digit)")
            }
        }
        for digit in 0...7 {
            #expect(Self.apply(IndexBits.clockwiseMap, digit) == Self.clockwise[digit])
        }
    }

    @Test func clockwiseUndoesCounterClockwise() throws {
        for row in TestVector.all.prefix(1_000) {
            let h = try #require(H3Cell(row.cell)).rawValue
            let resolution = IndexBits.resolution(h)
            let turned = IndexBits.rotate60CounterClockwise(h, resolution: resolution)
            #expect(IndexBits.rotate60Clockwise(turned, resolution: resolution) == h)
            var sixTimes = h
            for _ in 0..<6 {
                sixTimes = IndexBits.rotate60CounterClockwise(sixTimes, resolution: resolution)
            }
            #expect(sixTimes == h)
        }
    }

    @Test func pentagonRotationSkipsTheDeletedKSubsequence() {
        // Base cell 4, digits 2 then 3: one counter-clockwise turn maps 2 -> 3, no skip;
        // digits 3 then 0: 3 -> 1 would lead with K, so the whole index turns once more.
        let h = ValidationTests.index(resolution: 2, baseCell: 4, digits: [2, 3])
        let turned = IndexBits.rotatePentagon60CounterClockwise(h, resolution: 2)
        #expect(IndexBits.digit(turned, 1) == 3)
        #expect(IndexBits.digit(turned, 2) == 1)
        let k = ValidationTests.index(resolution: 2, baseCell: 4, digits: [3, 0])
        let skipped = IndexBits.rotatePentagon60CounterClockwise(k, resolution: 2)
        #expect(IndexBits.digit(skipped, 1) == 5)
        #expect(IndexBits.digit(skipped, 2) == 0)
    }
}
