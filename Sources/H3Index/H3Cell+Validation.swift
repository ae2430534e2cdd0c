extension H3Cell {
    /// Whether `raw` is a valid H3 cell index, by H3 v4.5.0's rules (C `isValidCell`):
    /// top bits `0_0001_000` (high bit clear, cell mode, reserved clear), base cell
    /// below 122, no digit 7 up to the resolution, only 7s after it, and under a
    /// pentagon base cell no leading 1 (the deleted K sub-sequence).
    package static func isValidCell(_ raw: UInt64) -> Bool {
        guard raw >> 56 == 0b0000_1000 else { return false }
        let resolution = IndexBits.resolution(raw)
        let baseCell = IndexBits.baseCell(raw)
        guard baseCell < BaseCells.count else { return false }

        let digits = raw & IndexBits.allDigitsSeven
        let unusedBits = UInt64(3 * (15 - resolution))
        let unusedMask: UInt64 = (1 << unusedBits) - 1
        // Slots after the resolution must all be 7.
        guard digits & unusedMask == unusedMask else { return false }

        var r = 1
        var leading = 0
        while r <= resolution {
            let d = IndexBits.digit(raw, r)
            if d == 7 { return false }
            if leading == 0 { leading = d }
            r += 1
        }
        if leading == 1 && BaseCells.isPentagon(baseCell) {
            return false
        }
        return true
    }
}
