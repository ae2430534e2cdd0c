/// One row of `Resources/latlng-to-cell.tsv`: a point, a resolution, and the cell the
/// C library (H3 4.5.0 through the Python `h3` package) returned for it, as text.
struct TestVector: Sendable {
    let line: Int
    let latitude: Double
    let longitude: Double
    let resolution: Int
    let cell: String

    /// All rows, parsed with `Double(String)`, which rounds correctly.
    static let all: [TestVector] = ResourceTable.rows("latlng-to-cell").compactMap { line, fields in
        guard fields.count == 4,
            let latitude = Double(fields[0]),
            let longitude = Double(fields[1]),
            let resolution = Int(fields[2])
        else { return nil }
        return TestVector(
            line: line, latitude: latitude, longitude: longitude, resolution: resolution, cell: String(fields[3]))
    }
}
