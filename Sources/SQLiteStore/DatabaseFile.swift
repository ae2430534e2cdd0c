#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Creates or checks the database file before SQLite opens it.
///
/// The file holds sessions and tokens, so it must never exist with a mode other users
/// can read, not even for a moment: SQLite would create it with 0644 (less the umask),
/// so it is created here with 0600 instead, and an existing file with group or other
/// permissions is tightened. SQLite gives its `-wal` and `-shm` files the mode of the
/// database file, so they follow. A newly created file's directory entry is synced so
/// that a crash cannot lose the database file itself.
enum DatabaseFile {
    /// The mode every database file ends up with.
    static let mode: mode_t = 0o600

    static func prepare(path: String) throws(DatabaseError) {
        guard !path.isEmpty, !path.utf8.contains(0) else {
            throw DatabaseError(code: .cantOpen, message: "the database path is empty or contains a NUL byte")
        }
        var created = true
        var descriptor = retryingOnInterrupt { open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC | O_NOCTTY, mode) }
        if descriptor < 0, errno == EEXIST {
            created = false
            descriptor = retryingOnInterrupt { open(path, O_RDWR | O_CLOEXEC | O_NOCTTY | O_NONBLOCK) }
        }
        guard descriptor >= 0 else { throw failure("open", path: path) }
        defer { close(descriptor) }

        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw failure("fstat", path: path) }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw DatabaseError(code: .cantOpen, message: "\(path) is not a regular file")
        }
        // Also corrects a restrictive umask that left a new file without owner write.
        if status.st_mode & 0o777 != mode, created || status.st_mode & 0o077 != 0 {
            guard fchmod(descriptor, mode) == 0 else { throw failure("fchmod", path: path) }
        }
        if created {
            syncDirectory(containing: path)
        }
    }

    /// Best effort: a failure here only weakens durability of the file's creation.
    private static func syncDirectory(containing path: String) {
        var directory = "."
        if let slash = path.lastIndex(of: "/") {
            directory = slash == path.startIndex ? "/" : String(path[..<slash])
        }
        let descriptor = retryingOnInterrupt { open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }

    private static func retryingOnInterrupt(_ call: () -> Int32) -> Int32 {
        var result: Int32
        repeat { result = call() } while result < 0 && errno == EINTR
        return result
    }

    private static func failure(_ call: String, path: String) -> DatabaseError {
        let reason = String(cString: strerror(errno))
        return DatabaseError(code: .cantOpen, message: "\(call) failed for \(path): \(reason)")
    }
}
