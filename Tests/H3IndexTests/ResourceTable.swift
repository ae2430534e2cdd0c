import Foundation

/// Reads a tab-separated test resource from `Resources/` (bundled with the tests, never
/// read from outside the repository).
enum ResourceTable {
    /// The data rows of `Resources/<name>.tsv`, header skipped, each with its 1-based
    /// line number; empty if the resource is missing (tests then fail on the row count).
    static func rows(_ name: String) -> [(line: Int, fields: [Substring])] {
        guard
            let url = Bundle.module.url(forResource: name, withExtension: "tsv", subdirectory: "Resources"),
            let text = try? String(contentsOf: url, encoding: .utf8)
        else { return [] }
        return text.split(separator: "\n").enumerated().dropFirst().map { offset, line in
            (offset + 1, line.split(separator: "\t", omittingEmptySubsequences: false))
        }
    }
}
