/// Static facts about one of the 122 base cells (C `BaseCellData`).
struct BaseCellRecord: Sendable {
    /// The face whose ijk system the base cell's hierarchy is expressed in.
    let homeFace: Int
    /// The base cell's resolution-0 position on its home face.
    let home: CoordIJK
    /// For pentagons, the two faces on which an index with a leading K digit is rotated
    /// clockwise instead of counter-clockwise; `-1` where there are none.
    let cwOffsetFaces: (Int, Int)
}
