/// One row of `Resources/cell-to-latlng.tsv`: a cell and the centre the C library's
/// `cellToLatLng` (H3 4.5.0 through Python `h3.cell_to_latlng`) gives for it, in degrees.
/// Written by `scripts/generate-h3-oracle-vectors`.
struct CenterVector: Sendable {
    let line: Int
    let cell: String
    let latitude: Double
    let longitude: Double

    /// All rows of the file.
    static let all: [CenterVector] = ResourceTable.rows("cell-to-latlng").compactMap { line, fields in
        guard fields.count == 3, let latitude = Double(fields[1]), let longitude = Double(fields[2]) else {
            return nil
        }
        return CenterVector(line: line, cell: String(fields[0]), latitude: latitude, longitude: longitude)
    }
}
