/// Bit-level reading and rewriting of a 64-bit H3 index (C `H3_GET_*` / `H3_SET_*`
/// macros and the index rotations of `h3Index.c`).
///
/// Layout: bit 63 reserved, 59...62 mode (1 = cell), 56...58 reserved, 52...55
/// resolution, 45...51 base cell, then 15 three-bit digits; digit r sits at bit
/// `3 * (15 - r)`, and slots after the resolution hold 7.
enum IndexBits {
    /// Mode 1 (cell) in the mode field.
    static let cellMode: UInt64 = 1 << 59
    /// All 15 digits set to 7 (C `H3_INIT`).
    static let allDigitsSeven: UInt64 = (1 << 45) - 1

    /// The resolution field.
    @inline(__always)
    static func resolution(_ h: UInt64) -> Int { Int((h >> 52) & 0xF) }

    /// The base cell field.
    @inline(__always)
    static func baseCell(_ h: UInt64) -> Int { Int((h >> 45) & 0x7F) }

    /// Digit `r` (1...15).
    @inline(__always)
    static func digit(_ h: UInt64, _ r: Int) -> Int {
        Int((h >> UInt64(3 * (15 - r))) & 7)
    }

    /// `h` with digit `r` (1...15) replaced by `value` (0...7).
    @inline(__always)
    static func setting(_ h: UInt64, digit r: Int, to value: Int) -> UInt64 {
        let shift = UInt64(3 * (15 - r))
        return (h & ~(7 << shift)) | (UInt64(value) << shift)
    }

    /// The first non-zero digit among 1...`resolution`, or 0 if all are zero
    /// (C `_h3LeadingNonZeroDigit`).
    @inline(__always)
    static func leadingNonZeroDigit(_ h: UInt64, resolution: Int) -> Int {
        var r = 1
        while r <= resolution {
            let d = digit(h, r)
            if d != 0 { return d }
            r += 1
        }
        return 0
    }

    /// Digit maps packed as eight 4-bit entries: entry `d` is the image of digit `d`.
    /// Index `n` rotates counter-clockwise `n` times (`n` = 0...5); 0 and 7 are fixed.
    /// `IndexBitsTests` checks each against repeated single rotations.
    static let counterClockwiseMaps: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (
        0x7654_3210, 0x7246_1350, 0x7362_5140, 0x7123_4560, 0x7531_6420, 0x7415_2630
    )

    /// The map for one clockwise rotation (the inverse of one counter-clockwise one).
    static let clockwiseMap: UInt32 = 0x7415_2630

    /// The counter-clockwise map for `times` rotations, `times` in 0...5.
    @inline(__always)
    static func counterClockwiseMap(times: Int) -> UInt32 {
        switch times {
        case 0: counterClockwiseMaps.0
        case 1: counterClockwiseMaps.1
        case 2: counterClockwiseMaps.2
        case 3: counterClockwiseMaps.3
        case 4: counterClockwiseMaps.4
        default: counterClockwiseMaps.5
        }
    }

    /// Applies a packed digit map to digits 1...`resolution`.
    @inline(__always)
    static func mapDigits(_ h: UInt64, resolution: Int, _ map: UInt32) -> UInt64 {
        var out = h
        var r = 1
        while r <= resolution {
            let shift = UInt64(3 * (15 - r))
            let d = (out >> shift) & 7
            let mapped = UInt64((map >> UInt32(d << 2)) & 0xF)
            out = (out & ~(7 << shift)) | (mapped << shift)
            r += 1
        }
        return out
    }

    /// Rotates every digit 60° counter-clockwise (C `_h3Rotate60ccw`).
    static func rotate60CounterClockwise(_ h: UInt64, resolution: Int) -> UInt64 {
        mapDigits(h, resolution: resolution, counterClockwiseMaps.1)
    }

    /// Rotates every digit 60° clockwise (C `_h3Rotate60cw`).
    static func rotate60Clockwise(_ h: UInt64, resolution: Int) -> UInt64 {
        mapDigits(h, resolution: resolution, clockwiseMap)
    }

    /// Rotates 60° counter-clockwise about a pentagon centre, stepping out of the deleted
    /// K sub-sequence (C `_h3RotatePent60ccw`, transliterated loop and all).
    static func rotatePentagon60CounterClockwise(_ h: UInt64, resolution: Int) -> UInt64 {
        var out = h
        var foundFirstNonZeroDigit = false
        var r = 1
        while r <= resolution {
            let shift = UInt64(3 * (15 - r))
            let d = (out >> shift) & 7
            let mapped = UInt64((counterClockwiseMaps.1 >> UInt32(d << 2)) & 0xF)
            out = (out & ~(7 << shift)) | (mapped << shift)
            if !foundFirstNonZeroDigit && mapped != 0 {
                foundFirstNonZeroDigit = true
                if leadingNonZeroDigit(out, resolution: resolution) == 1 {
                    out = rotate60CounterClockwise(out, resolution: resolution)
                }
            }
            r += 1
        }
        return out
    }
}
