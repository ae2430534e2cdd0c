import Glibc

/// Writes whole files so that they survive a crash and readers never see half of one:
/// the bytes go to an exclusive, randomly named temporary sibling (mode 0600), which is
/// fsynced, renamed over the destination, and then the directory is fsynced so the rename
/// itself is on disk. Only after `write` returns may the caller acknowledge anything (a
/// draft row, an HTTP answer). On failure nothing new is left behind, and an existing
/// destination is untouched.
///
/// The one durable writer of the package: drafts' photos, cached images and the output
/// of `photo process` all go through it.
package enum DurableFile {
    /// Writes `bytes` to `path` durably and atomically.
    package static func write(_ bytes: [UInt8], to path: String, permissions: UInt32 = 0o600) throws(FileSystemError) {
        let directory = directory(of: path)
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
        var temporary = ""
        var descriptor: Int32 = -1
        var lastError: Int32 = EEXIST
        for _ in 0..<4 {
            temporary = directory + "/." + name + "." + RandomName.make() + ".tmp"
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode_t(permissions))
            if descriptor >= 0 { break }
            lastError = errno
            if lastError != EEXIST { break }
        }
        guard descriptor >= 0 else { throw FileSystemError(operation: "creating a temporary file for \(path)", code: lastError) }
        let written = bytes.withUnsafeBytes { FileDescriptorIO.writeAll(descriptor, $0) }
        let synced = written == nil ? FileDescriptorIO.sync(descriptor) : nil
        let closed = close(descriptor) == 0 ? nil : errno
        if let failure = written ?? synced ?? closed {
            _ = unlink(temporary)
            let step = written != nil ? "writing" : synced != nil ? "fsyncing" : "closing"
            throw FileSystemError(operation: "\(step) \(temporary)", code: failure)
        }
        guard rename(temporary, path) == 0 else {
            let failure = errno
            _ = unlink(temporary)
            throw FileSystemError(operation: "renaming \(temporary) to \(path)", code: failure)
        }
        try syncDirectory(directory)
    }

    /// fsyncs `directory`, so renames and unlinks inside it are durable.
    package static func syncDirectory(_ directory: String) throws(FileSystemError) {
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileSystemError(operation: "opening \(directory)", code: errno) }
        defer { _ = close(descriptor) }
        if let failure = FileDescriptorIO.sync(descriptor) {
            throw FileSystemError(operation: "fsyncing \(directory)", code: failure)
        }
    }

    /// The directory part of `path` ("." for a bare name).
    package static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
