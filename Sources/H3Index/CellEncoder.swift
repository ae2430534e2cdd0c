import Glibc

/// Point-to-cell indexing, C `latLngToCell` of H3 v4.5.0, bit for bit.
///
/// Every floating-point step keeps C's order of operations and uses the platform libm
/// (glibc on Linux, as the reference build does); nothing here may be fused into an
/// FMA or "simplified", since a one-ulp change moves points near cell edges. The steps
/// are numbered as in the project's H3 reference notes (§3).
enum CellEncoder {
    /// The cell index of a point given in degrees. `resolution` must be in 0...15 and
    /// both angles finite; `H3Cell.init(latitude:longitude:resolution:)` checks that.
    @inline(__always)
    static func index(latitude: Double, longitude: Double, resolution: Int) -> UInt64 {
        // Steps 1-2: one multiplication per angle (not `* .pi / 180`), then the unit vector.
        let lat = latitude * H3Constants.radiansPerDegree
        let lng = longitude * H3Constants.radiansPerDegree
        let cosLat = cos(lat)
        let point = Vec3(x: cos(lng) * cosLat, y: sin(lng) * cosLat, z: sin(lat))

        let (face, x, y) = hex2d(of: point, resolution: resolution)
        return assemble(face: face, position: CoordIJK(hex2dX: x, y: y), resolution: resolution)
    }

    /// Steps 3-8: the nearest face and the point's gnomonic hex2d position on it, in
    /// units of the resolution's cell spacing (C `_vec3ToHex2d`).
    @inline(__always)
    static func hex2d(of point: Vec3, resolution: Int) -> (face: Int, x: Double, y: Double) {
        FaceFrame.all.withUnsafeBufferPointer { faces in
            // Step 3: strictly-less comparison, so an exact tie keeps the lower face.
            var face = 0
            var squaredDistance = 5.0
            for f in 0..<FaceFrame.count {
                let center = faces[f].center
                let dx = center.x - point.x
                let dy = center.y - point.y
                let dz = center.z - point.z
                let d2 = dx * dx + dy * dy + dz * dz
                if d2 < squaredDistance {
                    face = f
                    squaredDistance = d2
                }
            }

            // Step 4: chord to arc; coarse near the centre, which C shares.
            let r = acos(1 - squaredDistance * 0.5)
            if r < H3Constants.epsilon {
                return (face, 0.0, 0.0)
            }

            // Step 5: azimuth from the face centre in its tangent plane (v4.5.0 method).
            let frame = faces[face]
            let along = point.dot(frame.center)
            var projected = Vec3.linearCombination(1.0, point, -along, frame.center)
            projected.normalize()
            let azimuth = atan2(projected.dot(frame.east), projected.dot(frame.north))

            // Step 6: counter-clockwise angle from the face's i axis; Class III turns.
            var theta = positiveAngle(frame.axisAzimuth - positiveAngle(azimuth))
            if resolution & 1 == 1 {
                theta = positiveAngle(theta - H3Constants.aperture7RotationRadians)
            }

            // Step 7: gnomonic scale, then √7 once per resolution (not √7^res at once).
            var scaled = tan(r)
            scaled *= H3Constants.inverseRes0UnitGnomonic
            for _ in 0..<resolution {
                scaled *= H3Constants.sqrt7
            }

            // Step 8. Points on their nearest face stay below about 5e6 at resolution 15;
            // the bound only keeps the integer conversion in `CoordIJK(hex2dX:y:)` total.
            let x = scaled * cos(theta)
            let y = scaled * sin(theta)
            guard abs(x) < 1e12, abs(y) < 1e12 else { return (face, 0.0, 0.0) }
            return (face, x, y)
        }
    }

    /// Steps 10-13: digits from the finest resolution up, the base cell, and the
    /// rotation into the base cell's orientation (C `_faceIjkToH3`).
    @inline(__always)
    static func assemble(face: Int, position: CoordIJK, resolution: Int) -> UInt64 {
        var h = IndexBits.cellMode | UInt64(resolution) << 52 | IndexBits.allDigitsSeven
        var ijk = position
        var r = resolution
        while r >= 1 {
            let child = ijk
            var center: CoordIJK
            if r & 1 == 1 {
                ijk.upAperture7()
                center = ijk
                center.downAperture7()
            } else {
                ijk.upAperture7Clockwise()
                center = ijk
                center.downAperture7Clockwise()
            }
            // Digit slots start as 7 (all ones), so XOR writes the digit.
            h ^= UInt64(7 ^ (child - center).unitDigit) << UInt64(3 * (15 - r))
            r -= 1
        }

        // Step 11. Components are 0...2 for every point on its nearest face (C returns
        // H3_NULL behind an assertion otherwise); clamping keeps the lookup in bounds.
        let base = CoordIJK(i: min(ijk.i, 2), j: min(ijk.j, 2), k: min(ijk.k, 2))
        let (baseCell, rotations) = BaseCells.at(face: face, base)
        h |= UInt64(baseCell) << 45
        if resolution == 0 {
            return h
        }

        // Step 12.
        if BaseCells.isPentagon(baseCell) {
            if IndexBits.leadingNonZeroDigit(h, resolution: resolution) == 1 {
                h =
                    BaseCells.isClockwiseOffset(baseCell, face: face)
                    ? IndexBits.rotate60Clockwise(h, resolution: resolution)
                    : IndexBits.rotate60CounterClockwise(h, resolution: resolution)
            }
            for _ in 0..<rotations {
                h = IndexBits.rotatePentagon60CounterClockwise(h, resolution: resolution)
            }
        } else if rotations != 0 {
            h = IndexBits.mapDigits(h, resolution: resolution, IndexBits.counterClockwiseMap(times: rotations))
        }
        return h
    }
}
