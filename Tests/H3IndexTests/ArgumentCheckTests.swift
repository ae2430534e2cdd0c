import Testing

@testable import H3Index

/// Argument checks of `latLngToCell` and inputs that must not crash.
@Suite struct ArgumentCheckTests {
    @Test(arguments: [-1, 16, Int.min, Int.max])
    func resolutionOutsideZeroToFifteenIsRejected(resolution: Int) {
        #expect(throws: H3Error.resolutionDomain(resolution)) {
            try H3Cell(latitude: 10, longitude: 20, resolution: resolution)
        }
    }

    @Test(arguments: [
        (Double.nan, 0.0), (0.0, .nan), (.infinity, 0.0), (0.0, .infinity),
        (-.infinity, 0.0), (0.0, -.infinity), (.signalingNaN, 1.0),
    ])
    func nonFiniteCoordinatesAreRejected(latitude: Double, longitude: Double) {
        #expect(throws: H3Error.latLngDomain) {
            try H3Cell(latitude: latitude, longitude: longitude, resolution: 9)
        }
    }

    @Test func resolutionIsCheckedBeforeCoordinatesLikeC() {
        #expect(throws: H3Error.resolutionDomain(16)) {
            try H3Cell(latitude: .nan, longitude: 0, resolution: 16)
        }
    }

    /// Expected cells come from the C library (Python `h3` 4.5.0) at resolutions 0, 5,
    /// 10 and 15; upstream's tests only require that these do not crash.
    @Test(arguments: [
        (0.0, 5.729577951308232e+46, ["8071fffffffffff", "85708633fffffff", "8a708631a117fff", "8f708631a116260"]),
        (5.7295779513082325e+47, 0.0, ["8001fffffffffff", "85005e2ffffffff", "8a005e2cb837fff", "8f005e2cb83589c"]),
        (0.0, -3e+39, ["808bfffffffffff", "858a595bfffffff", "8a8a595a3757fff", "8f8a595a37528ae"]),
        (1e+46, 1e+45, ["80f3fffffffffff", "85f22dbbfffffff", "8af22db810affff", "8ff22db810ae280"]),
        (
            Double.greatestFiniteMagnitude, -Double.greatestFiniteMagnitude,
            ["80e1fffffffffff", "85e123b3fffffff", "8ae123b2d2f7fff", "8fe123b2d2f228b"]
        ),
        (
            Double.leastNonzeroMagnitude, -Double.leastNonzeroMagnitude,
            ["8075fffffffffff", "85754e67fffffff", "8a754e64992ffff", "8f754e64992d6d8"]
        ),
        (-0.0, -0.0, ["8075fffffffffff", "85754e67fffffff", "8a754e64992ffff", "8f754e64992d6d8"]),
    ])
    func extremeFiniteInputsGiveTheCLibrarysCells(latitude: Double, longitude: Double, expected: [String]) throws {
        let cells = try [0, 5, 10, 15].map {
            try H3Cell(latitude: latitude, longitude: longitude, resolution: $0).description
        }
        #expect(cells == expected)
    }

    @Test func extremeInputsGiveValidCellsAtEveryResolution() throws {
        let points: [(Double, Double)] = [
            (0, 1e45 * H3Constants.degreesPerRadian), (1e46 * H3Constants.degreesPerRadian, 0), (0, -3e39),
            (-1e300, 1e300), (Double.ulpOfOne, -Double.ulpOfOne), (Double.leastNormalMagnitude * 0x1p-20, -Double.leastNormalMagnitude),
        ]
        for (latitude, longitude) in points {
            for resolution in 0...15 {
                let cell = try H3Cell(latitude: latitude, longitude: longitude, resolution: resolution)
                #expect(H3Cell.isValidCell(cell.rawValue))
                #expect(cell.resolution == resolution)
            }
        }
    }

    @Test func originIsValidAtEveryResolution() throws {
        for resolution in 0...15 {
            let cell = try H3Cell(latitude: 0, longitude: 0, resolution: resolution)
            #expect(H3Cell(rawValue: cell.rawValue) == cell)
            #expect(cell.resolution == resolution)
        }
    }

    @Test func errorsDescribeThemselvesForHumans() {
        #expect(H3Error.resolutionDomain(16).description.contains("16"))
        #expect(H3Error.latLngDomain.description.contains("finite"))
        let mismatch = H3Error.resolutionMismatch(cellResolution: 9, requestedResolution: 10).description
        #expect(mismatch.contains("9") && mismatch.contains("10"))
    }
}
