/// How to carry ijk coordinates from one face's system into a neighbouring face's
/// (C `FaceOrientIJK`): rotate, then translate by a resolution-0 offset.
///
/// Only cell-to-point conversion needs it, when a cell's centre spills over the edge of
/// its base cell's home face. The table is generated into `Tables/FaceOrientation+Table.swift`.
struct FaceOrientation: Sendable {
    /// The neighbouring face.
    let face: Int
    /// Resolution-0 translation into the neighbour's system (scaled per resolution).
    let translate: CoordIJK
    /// Number of 60° counter-clockwise rotations into the neighbour's system.
    let ccwRotations: Int
}
