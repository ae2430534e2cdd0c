import Glibc

/// The write loop every file writer here needs, in one place.
package enum FileDescriptorIO {
    /// Writes all of `bytes` to `descriptor`, retrying short and `EINTR`-interrupted
    /// writes; returns the `errno` of a failure, or nil.
    package static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
        guard let base = bytes.baseAddress else { return nil }
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, base + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        return nil
    }

    /// fsync, retried on `EINTR`; returns the `errno` of a failure, or nil.
    static func sync(_ descriptor: Int32) -> Int32? {
        while fsync(descriptor) != 0 {
            if errno == EINTR { continue }
            return errno
        }
        return nil
    }

    /// Reads the file at `path` from its start, stopping after `limit` bytes: callers that
    /// refuse files over a size pass one more than the size and compare.
    package static func read(_ path: String, limit: Int) throws(FileSystemError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileSystemError(operation: "opening \(path)", code: errno) }
        defer { close(descriptor) }
        return try read(descriptor, limit: limit, path: path)
    }

    /// Reads the open `descriptor` from where it stands, stopping after `limit` bytes
    /// (`path` only names it in an error).
    package static func read(_ descriptor: Int32, limit: Int, path: String) throws(FileSystemError) -> [UInt8] {
        var bytes = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: min(limit, 64 << 10))
        while bytes.count < limit {
            let wanted = min(chunk.count, limit - bytes.count)
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, wanted) }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileSystemError(operation: "reading \(path)", code: errno)
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return bytes
    }

    /// Reads the file at `path` front to back in chunks of at most `size` bytes, handing
    /// each to `body`, so a large file never sits in memory whole.
    package static func forEachChunk(of path: String, size: Int, _ body: ([UInt8]) throws -> Void) throws {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileSystemError(operation: "opening \(path)", code: errno) }
        defer { close(descriptor) }
        var chunk = [UInt8](repeating: 0, count: max(1, size))
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileSystemError(operation: "reading \(path)", code: errno)
            }
            if count == 0 { return }
            try body(Array(chunk[0..<count]))
        }
    }

    /// The file type bits (`S_IFDIR`, `S_IFREG`, …, glibc's `mode_t`) of what `path` names,
    /// of a symbolic link itself unless `followingLinks`; nil when nothing is there.
    package static func fileType(_ path: String, followingLinks: Bool = true) -> UInt32? {
        var status = stat()
        guard (followingLinks ? stat(path, &status) : lstat(path, &status)) == 0 else { return nil }
        return status.st_mode & S_IFMT
    }

    /// The size of the regular file at `path` (following links); nil when there is none.
    package static func regularFileSize(_ path: String) -> Int? {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int(status.st_size)
    }
}
