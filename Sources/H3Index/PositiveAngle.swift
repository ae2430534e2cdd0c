/// Brings an angle in radians into [0, 2π) the way C `_posAngleRads` does.
///
/// At most one 2π is added or subtracted, and both tests look at the original value,
/// exactly as in C; every caller passes an angle within (-2π, 4π).
@inline(__always)
func positiveAngle(_ radians: Double) -> Double {
    var result = radians < 0.0 ? radians + H3Constants.twoPi : radians
    if radians >= H3Constants.twoPi {
        result -= H3Constants.twoPi
    }
    return result
}
