import Testing

@testable import H3Index

/// The generated constants and tables against their sources and invariants.
@Suite struct TableTests {
    /// Each constant against the C library's decimal literal, parsed with correct rounding.
    @Test(arguments: [
        (H3Constants.radiansPerDegree, "0.0174532925199432957692369076848861271111"),
        (H3Constants.degreesPerRadian, "57.29577951308232087679815481410517033240547"),
        (H3Constants.twoPi, "6.28318530717958647692528676655900576839433"),
        (H3Constants.epsilon, "0.0000000000000001"),
        (H3Constants.sqrt3Over2, "0.8660254037844386467637231707529361834714"),
        (H3Constants.inverseSin60, "1.1547005383792515290182975610039149112953"),
        (H3Constants.oneThird, "0.333333333333333333333333333333333333333"),
        (H3Constants.oneSeventh, "0.14285714285714285714285714285714285"),
        (H3Constants.aperture7RotationRadians, "0.333473172251832115336090755351601070065900389"),
        (H3Constants.res0UnitGnomonic, "0.38196601125010500003"),
        (H3Constants.inverseRes0UnitGnomonic, "2.61803398874989588842"),
        (H3Constants.sqrt7, "2.6457513110645905905016157536392604257102"),
        (H3Constants.inverseSqrt7, "0.37796447300922722721451653623418006081576"),
        (H3Constants.earthRadiusKilometres, "6371.007180918475"),
    ])
    func constantEqualsTheCDecimalLiteral(value: Double, decimal: String) {
        #expect(value.bitPattern == Double(decimal)?.bitPattern)
    }

    @Test func radiansPerDegreeIsPiOver180() {
        #expect(H3Constants.radiansPerDegree == Double.pi / 180)
    }

    @Test func faceCentresMatchTheCLiterals() {
        // Spot checks against faceCenterPoint in faceijk.c.
        #expect(FaceFrame.all.count == 20)
        #expect(FaceFrame.all[0].center.x == Double("0.2199307791404606"))
        #expect(FaceFrame.all[16].center.x == Double("-0.8112534709140971"))
        #expect(FaceFrame.all[19].center.z == Double("-0.8697775121287253"))
        #expect(FaceFrame.all[11].axisAzimuth == Double("0.138378484090254847"))
    }

    /// The generator precomputed each face's tangent basis; recompute it the C way.
    @Test func tangentBasisIsCsComputationBitForBit() {
        for frame in FaceFrame.all {
            let pole = Vec3(x: 0, y: 0, z: 1)
            var north = Vec3.linearCombination(1.0, pole, -pole.dot(frame.center), frame.center)
            north.normalize()
            let east = north.cross(frame.center)
            for (a, b) in [
                (north.x, frame.north.x), (north.y, frame.north.y), (north.z, frame.north.z),
                (east.x, frame.east.x), (east.y, frame.east.y), (east.z, frame.east.z),
            ] {
                #expect(a.bitPattern == b.bitPattern)
            }
        }
    }

    @Test func everyBaseCellSitsAtItsHomePositionWithoutRotation() {
        #expect(BaseCells.records.count == 122)
        #expect(BaseCells.byFaceIJK.count == 540)
        for (baseCell, record) in BaseCells.records.enumerated() {
            let found = BaseCells.at(face: record.homeFace, record.home)
            #expect(found.baseCell == baseCell)
            #expect(found.ccwRotations == 0)
            if BaseCells.isPentagon(baseCell) {
                #expect(record.home == CoordIJK(i: 2, j: 0, k: 0))
            }
        }
    }

    @Test func pentagonMaskNamesTheTwelvePentagons() {
        let pentagons = (0..<122).filter(BaseCells.isPentagon)
        #expect(pentagons == [4, 14, 24, 38, 49, 58, 63, 72, 83, 97, 107, 117])
        let clockwiseOffsetPentagons = pentagons.filter { BaseCells.records[$0].cwOffsetFaces.0 >= 0 }
        #expect(clockwiseOffsetPentagons.count == 10)
    }

    @Test func faceNeighboursAreMutual() {
        #expect(FaceOrientation.neighbors.count == 80)
        for face in 0..<20 {
            #expect(FaceOrientation.neighbors[face * 4].face == face)
            for quadrant in 1...3 {
                let neighbor = FaceOrientation.neighbors[face * 4 + quadrant].face
                let back = (1...3).map { FaceOrientation.neighbors[neighbor * 4 + $0].face }
                #expect(back.contains(face))
            }
        }
    }
}
