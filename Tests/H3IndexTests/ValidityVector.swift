/// One row of `Resources/is-valid-cell.tsv`: a 64-bit index (mostly a valid cell with a
/// few bits changed) and whether the C library's `isValidCell` accepts it.
/// Written by `scripts/generate-h3-oracle-vectors`.
struct ValidityVector: Sendable {
    let line: Int
    let index: UInt64
    let isValid: Bool

    /// All rows of the file.
    static let all: [ValidityVector] = ResourceTable.rows("is-valid-cell").compactMap { line, fields in
        guard fields.count == 2, let index = UInt64(fields[0], radix: 16) else { return nil }
        return ValidityVector(line: line, index: index, isValid: fields[1] == "1")
    }
}
