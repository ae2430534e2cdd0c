import Foundation

/// One row of `Resources/latlng-to-cell.tsv`: a point, a resolution, and the cell the
/// C library (H3 4.5.0 through the Python `h3` package) returned for it, as text.
struct TestVector: Sendable {
    let line: Int
    let latitude: Double
    let longitude: Double
    let resolution: Int
    let cell: String

    /// All rows of the vector file (header skipped), parsed with `Double(String)`,
    /// which rounds correctly.
    static let all: [TestVector] = load()

    private static func load() -> [TestVector] {
        guard
            let url = Bundle.module.url(forResource: "latlng-to-cell", withExtension: "tsv", subdirectory: "Resources"),
            let text = try? String(contentsOf: url, encoding: .utf8)
        else { return [] }
        var rows: [TestVector] = []
        for (offset, line) in text.split(separator: "\n").enumerated() where offset > 0 {
            let fields = line.split(separator: "\t")
            guard fields.count == 4,
                let latitude = Double(fields[0]),
                let longitude = Double(fields[1]),
                let resolution = Int(fields[2])
            else { continue }
            rows.append(TestVector(
                line: offset + 1, latitude: latitude, longitude: longitude,
                resolution: resolution, cell: String(fields[3])))
        }
        return rows
    }
}
