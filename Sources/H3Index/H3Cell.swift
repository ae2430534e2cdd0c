/// A valid H3 cell (hexagon or pentagon) at resolution 0...15: Uber's H3 v4.5.0
/// 64-bit cell index, computed in pure Swift bit-identically to the C library.
///
/// Every value is a valid cell: the raw and text initialisers validate, and
/// `init(latitude:longitude:resolution:)` indexes a point. Ordering and hashing follow
/// the raw 64-bit value.
package struct H3Cell: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The 64-bit index, always a valid cell (`H3Cell.isValidCell(rawValue)`).
    package let rawValue: UInt64

    /// Wraps `rawValue` if it is a valid cell index, else `nil`.
    package init?(rawValue: UInt64) {
        guard Self.isValidCell(rawValue) else { return nil }
        self.rawValue = rawValue
    }

    /// Wraps an index already known to be valid.
    init(unchecked rawValue: UInt64) {
        self.rawValue = rawValue
    }

    /// The resolution, 0 (coarsest) to 15 (finest).
    package var resolution: Int { IndexBits.resolution(rawValue) }

    /// The resolution-0 ancestor's number, 0...121.
    package var baseCell: Int { IndexBits.baseCell(rawValue) }

    /// Whether the cell is one of the 12 pentagons of its resolution: a pentagon base
    /// cell with every digit 0.
    package var isPentagon: Bool {
        BaseCells.isPentagon(baseCell)
            && IndexBits.leadingNonZeroDigit(rawValue, resolution: resolution) == 0
    }

    /// The index as C's `h3ToString` prints it: 15 lowercase hex digits.
    package var description: String {
        String(rawValue, radix: 16)
    }

    package static func < (lhs: H3Cell, rhs: H3Cell) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
