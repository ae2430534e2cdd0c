import Foundation

/// A fresh directory under the system's temporary directory, removed on `deinit`.
final class TempDirectory: Sendable {
    let path: String

    init() throws {
        path =
            FileManager.default.temporaryDirectory
            .appendingPathComponent("sqlitestore-tests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// A path inside the directory.
    func file(_ name: String) -> String {
        path + "/" + name
    }

    /// The permission bits of `name`, or nil if it does not exist.
    func permissions(_ name: String) -> Int? {
        let attributes = try? FileManager.default.attributesOfItem(atPath: file(name))
        return (attributes?[.posixPermissions] as? NSNumber)?.intValue
    }

    /// Whether `name` exists.
    func exists(_ name: String) -> Bool {
        FileManager.default.fileExists(atPath: file(name))
    }
}
