import Foundation

/// Writes files so they survive a crash: to a temporary name, fsynced, renamed into
/// place, and the directory fsynced, before the caller acknowledges anything.
enum DurableFile {
    struct WriteError: Error, CustomStringConvertible {
        let description: String
    }

    static func write(_ bytes: [UInt8], to path: String) throws(WriteError) {
        let temporary = path + ".part"
        guard FileManager.default.createFile(atPath: temporary, contents: nil, attributes: [.posixPermissions: 0o600]),
              let handle = FileHandle(forWritingAtPath: temporary)
        else { throw WriteError(description: "cannot create \(temporary)") }
        do {
            try handle.write(contentsOf: Data(bytes))
            try handle.synchronize()
            try handle.close()
        } catch {
            try? handle.close()
            try? FileManager.default.removeItem(atPath: temporary)
            throw WriteError(description: "cannot write \(temporary): \(error.localizedDescription)")
        }
        guard rename(temporary, path) == 0 else {
            try? FileManager.default.removeItem(atPath: temporary)
            throw WriteError(description: "cannot rename \(temporary) into place")
        }
        syncDirectory(of: path)
    }

    /// fsyncs the directory holding `path`, so the rename itself is durable.
    static func syncDirectory(of path: String) {
        let directory = (path as NSString).deletingLastPathComponent
        if let handle = FileHandle(forReadingAtPath: directory) {
            try? handle.synchronize()
            try? handle.close()
        }
    }
}
