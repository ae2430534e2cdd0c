import Glibc

/// Cell-to-point conversion, C `cellToLatLng` of H3 v4.5.0, bit for bit.
///
/// Walks the digits down from the base cell's home position, moves onto a neighbouring
/// face if the centre spilled over ("overage"), then projects back to the sphere with
/// the same tangent-plane construction the encoder inverts.
enum CellDecoder {
    /// The centre of a valid cell, in degrees.
    static func center(of h: UInt64) -> (latitude: Double, longitude: Double) {
        let (face, ijk) = faceIJK(of: h)
        let v = point(face: face, position: ijk, resolution: IndexBits.resolution(h))
        return (asin(v.z) * H3Constants.degreesPerRadian, atan2(v.y, v.x) * H3Constants.degreesPerRadian)
    }

    /// The face and ijk position of a valid cell's centre (C `_h3ToFaceIjk`).
    static func faceIJK(of index: UInt64) -> (face: Int, position: CoordIJK) {
        var h = index
        let baseCell = IndexBits.baseCell(h)
        let resolution = IndexBits.resolution(h)
        let pentagon = BaseCells.isPentagon(baseCell)
        // All of sub-sequence 5 (and some of 4, below) is adjusted for the missing one.
        if pentagon && IndexBits.leadingNonZeroDigit(h, resolution: resolution) == 5 {
            h = IndexBits.rotate60Clockwise(h, resolution: resolution)
        }

        let record = BaseCells.records[baseCell]
        var face = record.homeFace
        var ijk = record.home
        // A hexagon centred on its home face keeps its whole hierarchy on that face.
        let possibleOverage = pentagon || !(resolution == 0 || ijk == CoordIJK(i: 0, j: 0, k: 0))

        var r = 1
        while r <= resolution {
            if r & 1 == 1 {
                ijk.downAperture7()
            } else {
                ijk.downAperture7Clockwise()
            }
            ijk.move(toward: IndexBits.digit(h, r))
            r += 1
        }
        guard possibleOverage else { return (face, ijk) }

        // Overage is tested on a Class II grid: drop a Class III cell one resolution.
        let original = ijk
        var classIIResolution = resolution
        if resolution & 1 == 1 {
            ijk.downAperture7Clockwise()
            classIIResolution += 1
        }
        let pentagonLeading4 = pentagon && IndexBits.leadingNonZeroDigit(h, resolution: resolution) == 4
        if adjustOverage(face: &face, position: &ijk, resolution: classIIResolution, pentagonLeading4: pentagonLeading4) {
            // A pentagon can spill over twice; four rounds is more than any valid cell needs.
            if pentagon {
                for _ in 0..<4 {
                    if !adjustOverage(face: &face, position: &ijk, resolution: classIIResolution, pentagonLeading4: false) {
                        break
                    }
                }
            }
            if classIIResolution != resolution {
                ijk.upAperture7Clockwise()
            }
        } else if classIIResolution != resolution {
            ijk = original
        }
        return (face, ijk)
    }

    /// Moves a Class II position that lies beyond its face's edge into the neighbouring
    /// face's system; returns whether it moved (C `_adjustOverageClassII`, no substrate).
    static func adjustOverage(
        face: inout Int, position ijk: inout CoordIJK, resolution: Int, pentagonLeading4: Bool
    ) -> Bool {
        var unitScale = 1
        for _ in 0..<(resolution / 2) {
            unitScale *= 7
        }
        let maxDim = 2 * unitScale
        guard ijk.i + ijk.j + ijk.k > maxDim else { return false }

        let quadrant: Int
        if ijk.k > 0 {
            if ijk.j > 0 {
                quadrant = 3  // JK
            } else {
                quadrant = 2  // KI
                if pentagonLeading4 {
                    // Rotate about the pentagon's centre to skip the missing sub-sequence.
                    let origin = CoordIJK(i: maxDim, j: 0, k: 0)
                    var relative = ijk - origin
                    relative.rotate60Clockwise()
                    ijk = relative + origin
                }
            }
        } else {
            quadrant = 1  // IJ
        }

        let orientation = FaceOrientation.neighbors[face * 4 + quadrant]
        face = orientation.face
        for _ in 0..<orientation.ccwRotations {
            ijk.rotate60CounterClockwise()
        }
        let t = orientation.translate
        ijk = ijk + CoordIJK(i: t.i * unitScale, j: t.j * unitScale, k: t.k * unitScale)
        ijk.normalize()
        return true
    }

    /// The unit vector of a cell centre at `position` on `face` (C `_hex2dToVec3`,
    /// not a substrate grid).
    static func point(face: Int, position: CoordIJK, resolution: Int) -> Vec3 {
        let frame = FaceFrame.all[face]
        let (x, y) = position.hex2d
        var r = (x * x + y * y).squareRoot()
        if r < H3Constants.epsilon {
            return frame.center
        }
        var theta = atan2(y, x)
        for _ in 0..<resolution {
            r *= H3Constants.inverseSqrt7
        }
        r *= H3Constants.res0UnitGnomonic
        r = atan(r)
        if resolution & 1 == 1 {
            theta = positiveAngle(theta + H3Constants.aperture7RotationRadians)
        }
        theta = positiveAngle(frame.axisAzimuth - theta)

        let direction = Vec3.linearCombination(cos(theta), frame.north, sin(theta), frame.east)
        var v = Vec3.linearCombination(cos(r), frame.center, sin(r), direction)
        v.normalize()
        return v
    }
}
