extension CoordIJK {
    /// C's `lround(n * M_ONESEVENTH)`, computed exactly in integers: n / 7 rounded to
    /// the nearest integer.
    ///
    /// Equal to the C expression for |n| < 10^15: n / 7 is never closer than 1/14 to a
    /// half-integer (so there are no ties), while the double product is off from n / 7
    /// by less than |n| · 2^-52, far below 1/14. Values here stay below 10^9. Avoids a
    /// libm `round` call per step (no SSE4.1 rounding instruction in baseline x86-64);
    /// `CoordIJKTests` compares it with the double expression.
    @inline(__always)
    static func roundedSeventh(_ n: Int) -> Int {
        n >= 0 ? (n + 3) / 7 : -((3 - n) / 7)
    }

    /// Moves to the parent position in a counter-clockwise aperture-7 grid; used when the
    /// child's resolution is odd, Class III (C `_upAp7`).
    @inline(__always)
    mutating func upAperture7() {
        let a = i - k
        let b = j - k
        i = Self.roundedSeventh(3 * a - b)
        j = Self.roundedSeventh(a + 2 * b)
        k = 0
        normalize()
    }

    /// Moves to the parent position in a clockwise aperture-7 grid; used when the child's
    /// resolution is even, Class II (C `_upAp7r`).
    @inline(__always)
    mutating func upAperture7Clockwise() {
        let a = i - k
        let b = j - k
        i = Self.roundedSeventh(2 * a + b)
        j = Self.roundedSeventh(3 * b - a)
        k = 0
        normalize()
    }

    /// Moves to the centre child in a counter-clockwise aperture-7 grid (C `_downAp7`).
    @inline(__always)
    mutating func downAperture7() {
        let (a, b, c) = (i, j, k)
        i = 3 * a + b
        j = 3 * b + c
        k = a + 3 * c
        normalize()
    }

    /// Moves to the centre child in a clockwise aperture-7 grid (C `_downAp7r`).
    @inline(__always)
    mutating func downAperture7Clockwise() {
        let (a, b, c) = (i, j, k)
        i = 3 * a + c
        j = a + 3 * b
        k = b + 3 * c
        normalize()
    }

    /// Rotates 60° counter-clockwise about the origin (C `_ijkRotate60ccw`).
    mutating func rotate60CounterClockwise() {
        let (a, b, c) = (i, j, k)
        i = a + c
        j = a + b
        k = b + c
        normalize()
    }

    /// Rotates 60° clockwise about the origin (C `_ijkRotate60cw`).
    mutating func rotate60Clockwise() {
        let (a, b, c) = (i, j, k)
        i = a + b
        j = b + c
        k = a + c
        normalize()
    }

    /// Steps to the neighbour in the direction of `digit` (1...6); 0 and 7 stay put
    /// (C `_neighbor`).
    mutating func move(toward digit: Int) {
        guard digit > 0, digit < 7 else { return }
        i += digit >> 2
        j += (digit >> 1) & 1
        k += digit & 1
        normalize()
    }
}
