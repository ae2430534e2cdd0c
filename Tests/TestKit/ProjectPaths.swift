import Foundation

/// Locations inside the repository, found from this source file so tests work from
/// any working directory.
package enum ProjectPaths {
    /// The repository root (the directory holding Package.swift).
    package static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    package static var templates: String { root + "/Templates" }
    package static var publicFiles: String { root + "/Public" }

    /// A fresh, empty temporary directory for one test.
    package static func temporaryDirectory(_ label: String = "test") -> String {
        let path = NSTemporaryDirectory() + "grainstories-\(label)-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}
