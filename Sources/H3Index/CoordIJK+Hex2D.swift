extension CoordIJK {
    /// The hexagon containing plane point (`x`, `y`) in the face's hex2d system, in units
    /// of the current resolution's cell spacing (C `_hex2dToCoordIJK`, DGGRID's method).
    ///
    /// The point must be finite; callers guarantee |x|, |y| < 1e9, far above the largest
    /// value a point on its nearest face can produce at resolution 15 (about 5e6).
    @inline(__always)
    init(hex2dX x: Double, y: Double) {
        let a1 = abs(x)
        let a2 = abs(y)
        let x2 = a2 * H3Constants.inverseSin60
        let x1 = a1 + x2 / 2.0
        let m1 = Int(x1)
        let m2 = Int(x2)
        let r1 = x1 - Double(m1)
        let r2 = x2 - Double(m2)

        var i: Int
        var j: Int
        if r1 < 0.5 {
            if r1 < 1.0 / 3.0 {
                i = m1
                j = r2 < (1.0 + r1) / 2.0 ? m2 : m2 + 1
            } else {
                j = r2 < 1.0 - r1 ? m2 : m2 + 1
                i = (1.0 - r1) <= r2 && r2 < 2.0 * r1 ? m1 + 1 : m1
            }
        } else {
            if r1 < 2.0 / 3.0 {
                j = r2 < 1.0 - r1 ? m2 : m2 + 1
                i = (2.0 * r1 - 1.0) < r2 && r2 < (1.0 - r1) ? m1 : m1 + 1
            } else {
                i = m1 + 1
                j = r2 < r1 / 2.0 ? m2 : m2 + 1
            }
        }

        // Fold across the axes. C writes two parity cases for x < 0 that both reduce to
        // j - i, and `i - (2j + 1) / 2` for y < 0, which is i - j because j >= 0 here.
        if x < 0.0 {
            i = j - i
        }
        if y < 0.0 {
            i -= j
            j = -j
        }
        self.init(i: i, j: j, k: 0)
        normalize()
    }

    /// The hex2d plane position of this hexagon's centre (C `_ijkToHex2d`).
    var hex2d: (x: Double, y: Double) {
        let a = Double(i - k)
        let b = Double(j - k)
        return (a - 0.5 * b, b * H3Constants.sqrt3Over2)
    }
}
