import Testing

@testable import H3Index

/// Integer helpers of the ijk grid.
@Suite struct CoordIJKTests {
    /// C's `lround(n * M_ONESEVENTH)` in doubles.
    static func cRoundedSeventh(_ n: Int) -> Int {
        Int((Double(n) * H3Constants.oneSeventh).rounded(.toNearestOrAwayFromZero))
    }

    @Test func integerSeventhRoundingEqualsCsDoubleExpression() {
        for n in -300_000...300_000 {
            #expect(CoordIJK.roundedSeventh(n) == Self.cRoundedSeventh(n), "n = \(n)")
        }
        var state: UInt64 = 1
        for _ in 0..<200_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let n = Int(Int64(bitPattern: state) >> 24)  // |n| < 2^39
            #expect(CoordIJK.roundedSeventh(n) == Self.cRoundedSeventh(n), "n = \(n)")
        }
    }

    @Test func normalizeRemovesNegativesAndTheCommonMinimum() {
        var c = CoordIJK(i: -2, j: 3, k: 1)
        c.normalize()
        #expect(c == CoordIJK(i: 0, j: 5, k: 3))
        c.normalize()
        #expect(c == CoordIJK(i: 0, j: 5, k: 3))
        var d = CoordIJK(i: 4, j: 6, k: 5)
        d.normalize()
        #expect(d == CoordIJK(i: 0, j: 2, k: 1))
    }

    @Test func unitDigitsAreFourIPlusTwoJPlusK() {
        let units = [(0, 0, 0), (0, 0, 1), (0, 1, 0), (0, 1, 1), (1, 0, 0), (1, 0, 1), (1, 1, 0)]
        for (digit, unit) in units.enumerated() {
            #expect(CoordIJK(i: unit.0, j: unit.1, k: unit.2).unitDigit == digit)
            // Adding the same amount to all three is the same position.
            #expect(CoordIJK(i: unit.0 + 3, j: unit.1 + 3, k: unit.2 + 3).unitDigit == digit)
        }
        #expect(CoordIJK(i: 2, j: 0, k: 0).unitDigit == 7)
        #expect(CoordIJK(i: 1, j: 0, k: -1).unitDigit == 7)
    }

    @Test func apertureSevenUpUndoesDownOnCentreChildren() {
        for i in 0..<6 {
            for j in 0..<6 {
                var c = CoordIJK(i: i, j: j, k: 0)
                c.normalize()
                var down = c
                down.downAperture7()
                down.upAperture7()
                #expect(down == c)
                var downClockwise = c
                downClockwise.downAperture7Clockwise()
                downClockwise.upAperture7Clockwise()
                #expect(downClockwise == c)
            }
        }
    }
}
