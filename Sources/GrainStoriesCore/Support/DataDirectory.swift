import Foundation

/// The data directory: all local state lives here. Created on start-up if missing,
/// readable only by the server's user.
public struct DataDirectory: Sendable {
    public let root: String
    /// Scratch space for request bodies spilled to disk; emptied at start-up.
    public let temporary: String

    public static func prepare(_ path: String) throws(ConfigurationError) -> DataDirectory {
        let fileManager = FileManager.default
        let root = URL(fileURLWithPath: path).standardizedFileURL.path
        let temporary = root + "/tmp"
        do {
            try fileManager.createDirectory(atPath: root, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            if fileManager.fileExists(atPath: temporary) { try fileManager.removeItem(atPath: temporary) }
            try fileManager.createDirectory(atPath: temporary, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw ConfigurationError("the data directory \(path) cannot be created or written: \(error.localizedDescription)")
        }
        guard fileManager.isWritableFile(atPath: root) else {
            throw ConfigurationError("the data directory \(path) is not writable")
        }
        return DataDirectory(root: root, temporary: temporary)
    }
}
