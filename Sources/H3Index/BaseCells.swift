/// Lookups over H3's 122 resolution-0 base cells; the tables are generated into
/// `Tables/BaseCells+*.swift`.
enum BaseCells {
    /// Number of base cells; valid base cell numbers are `0..<count`.
    static let count = 122

    /// Whether base cell `baseCell` (0..<122) is one of the 12 pentagons.
    ///
    /// A two-word bit mask instead of an array: no bounds check and no memory load
    /// beyond two constants on the hot path.
    @inline(__always)
    static func isPentagon(_ baseCell: Int) -> Bool {
        if baseCell < 64 {
            return (pentagonMaskLow >> UInt64(baseCell)) & 1 == 1
        }
        return (pentagonMaskHigh >> UInt64(baseCell &- 64)) & 1 == 1
    }

    /// The base cell at resolution-0 position `ijk` on `face`, and the number of 60°
    /// counter-clockwise rotations from the face's orientation into the base cell's
    /// (C `_faceIjkToBaseCell` and `_faceIjkToBaseCellCCWrot60`).
    ///
    /// Each component of `ijk` must be in 0...2.
    @inline(__always)
    static func at(face: Int, _ ijk: CoordIJK) -> (baseCell: Int, ccwRotations: Int) {
        let entry = Int(byFaceIJK[face &* 27 &+ ijk.i &* 9 &+ ijk.j &* 3 &+ ijk.k])
        return (entry >> 3, entry & 7)
    }

    /// Whether an index on pentagon `baseCell`, expressed on `face`, whose leading digit
    /// is K must be rotated clockwise (C `_baseCellIsCwOffset`).
    static func isClockwiseOffset(_ baseCell: Int, face: Int) -> Bool {
        let faces = records[baseCell].cwOffsetFaces
        return faces.0 == face || faces.1 == face
    }
}
