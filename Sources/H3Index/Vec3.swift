/// A 3-D vector on or near the unit sphere (C `Vec3d`).
///
/// x points to latitude 0 / longitude 0, y to latitude 0 / longitude 90° E, z to the
/// north pole. Every operation keeps the C library's order of floating-point
/// operations, because a one-ulp difference moves points across cell edges.
struct Vec3: Sendable {
    var x: Double
    var y: Double
    var z: Double

    /// `x*o.x + y*o.y + z*o.z`, summed left to right like C `vec3Dot`.
    @inline(__always)
    func dot(_ other: Vec3) -> Double {
        x * other.x + y * other.y + z * other.z
    }

    /// `a*v1 + b*v2` component-wise (C `vec3LinComb`).
    @inline(__always)
    static func linearCombination(_ a: Double, _ v1: Vec3, _ b: Double, _ v2: Vec3) -> Vec3 {
        Vec3(x: a * v1.x + b * v2.x, y: a * v1.y + b * v2.y, z: a * v1.z + b * v2.z)
    }

    /// `self × other` (C `vec3Cross`).
    @inline(__always)
    func cross(_ other: Vec3) -> Vec3 {
        Vec3(
            x: y * other.z - z * other.y,
            y: z * other.x - x * other.z,
            z: x * other.y - y * other.x
        )
    }

    /// Scales to unit length by multiplying with `1 / norm` (C `vec3Normalize`).
    ///
    /// Multiplying by the reciprocal, not dividing by the norm, is what C does and it
    /// changes results; a zero vector stays zero.
    @inline(__always)
    mutating func normalize() {
        let norm = dot(self).squareRoot()
        let scale = norm > 0.0 ? 1.0 / norm : 0.0
        x *= scale
        y *= scale
        z *= scale
    }
}
