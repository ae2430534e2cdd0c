/// Brings an angle in radians into [0, 2π) the way C `_posAngleRads` does.
///
/// The two tests look at the original value, so an input of exactly 2π - tiny stays,
/// and anything outside (-2π, 4π) comes back only partly reduced, exactly as in C.
@inline(__always)
func positiveAngle(_ radians: Double) -> Double {
    var result = radians < 0.0 ? radians + H3Constants.twoPi : radians
    if radians >= H3Constants.twoPi {
        result -= H3Constants.twoPi
    }
    return result
}
