/// Hexagon coordinates on one face's ijk+ grid (C `CoordIJK`).
///
/// Three axes 120° apart; a triple is normalized when no component is negative and at
/// least one is zero. Components stay far below 2^31 at every resolution, so 64-bit
/// arithmetic never overflows.
struct CoordIJK: Equatable, Sendable {
    var i: Int
    var j: Int
    var k: Int

    /// Removes negative components, then the common minimum (C `_ijkNormalize`).
    @inline(__always)
    mutating func normalize() {
        if i < 0 {
            j -= i
            k -= i
            i = 0
        }
        if j < 0 {
            i -= j
            k -= j
            j = 0
        }
        if k < 0 {
            i -= k
            j -= k
            k = 0
        }
        let smallest = Swift.min(i, j, k)
        if smallest > 0 {
            i -= smallest
            j -= smallest
            k -= smallest
        }
    }

    /// The digit (0...6) of a unit or zero vector after normalizing, or 7 when the
    /// difference is not one (C `_unitIjkToDigit`).
    @inline(__always)
    var unitDigit: Int {
        var c = self
        c.normalize()
        guard c.i <= 1, c.j <= 1, c.k <= 1 else { return 7 }
        return c.i << 2 | c.j << 1 | c.k
    }

    /// Component-wise difference, not normalized.
    @inline(__always)
    static func - (lhs: CoordIJK, rhs: CoordIJK) -> CoordIJK {
        CoordIJK(i: lhs.i - rhs.i, j: lhs.j - rhs.j, k: lhs.k - rhs.k)
    }

    /// Component-wise sum, not normalized.
    @inline(__always)
    static func + (lhs: CoordIJK, rhs: CoordIJK) -> CoordIJK {
        CoordIJK(i: lhs.i + rhs.i, j: lhs.j + rhs.j, k: lhs.k + rhs.k)
    }
}
