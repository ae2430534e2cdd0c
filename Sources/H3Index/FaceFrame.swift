/// One icosahedron face as seen by the gnomonic projection: its centre on the unit
/// sphere, the tangent-plane basis there, and the azimuth of its Class II i axis.
///
/// The table itself (`FaceFrame.all`, 20 entries) is generated; see
/// `Tables/FaceFrame+Table.swift`.
struct FaceFrame: Sendable {
    /// Unit vector of the face centre (C `faceCenterPoint`).
    let center: Vec3
    /// Unit "north" direction in the tangent plane at `center` (C `_vec3TangentBasis`).
    let north: Vec3
    /// Unit "east" direction, `north × center`.
    let east: Vec3
    /// Azimuth, clockwise from north, of the face's Class II i axis (C `faceAxesAzRadsCII[f][0]`).
    let axisAzimuth: Double

    /// Number of icosahedron faces.
    static let count = 20
}
