import WorkerThreads

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A consistent copy of a database that other processes keep writing: SQLite's online
/// backup API (`sqlite3_backup_init`/`step`/`finish`).
///
/// Copying the file with `cp` while a server writes can catch half a transaction, and
/// the write-ahead log beside it holds commits the main file does not have yet. The
/// backup API reads every page inside one read transaction of the source, so the copy
/// is the database exactly as of one commit, with the log's commits folded in. In WAL
/// mode that read transaction blocks no writer, so a running server is not paused.
package enum DatabaseBackup {
    /// Copies the database at `source` into a new file at `destination` (mode 0600) and
    /// checks the copy with `PRAGMA integrity_check`.
    ///
    /// Throws `DatabaseError` when the source does not exist or is not a database, when
    /// `destination` already exists (a backup never overwrites one), when the source
    /// stays locked for longer than `busyTimeout`, or when the copy is not intact. Runs
    /// on a thread of its own, never on the cooperative pool: the copy reads and
    /// `fsync`s the whole file.
    package static func copy(from source: String, to destination: String, busyTimeout: Duration = .seconds(5)) async throws(DatabaseError) {
        let worker = WorkerThreadPool(name: "sqlite-backup", threadCount: 1)
        defer { worker.shutdown() }
        try await worker.run { () throws(DatabaseError) in
            try copyNow(from: source, to: destination, busyTimeout: busyTimeout)
        }
    }

    private static func copyNow(from source: String, to destination: String, busyTimeout: Duration) throws(DatabaseError) {
        // Connection would create a missing source; a backup of nothing must fail instead.
        guard access(source, R_OK) == 0 else {
            throw DatabaseError(code: .cantOpen, message: "\(source) does not exist or cannot be read")
        }
        guard access(destination, F_OK) != 0 else {
            throw DatabaseError(code: .cantOpen, message: "\(destination) already exists; a backup never overwrites a file")
        }
        let from = try Connection(path: source, busyTimeout: busyTimeout)
        defer { from.close() }
        let into = try Connection(path: destination, busyTimeout: busyTimeout)
        defer { into.close() }
        try from.copyPages(into: into, busyTimeout: busyTimeout)
        let problems = try into.integrityProblems(limit: 10)
        guard problems.isEmpty else {
            throw DatabaseError(code: .corrupt, message: "the copy failed its integrity check: \(problems.joined(separator: "; "))")
        }
    }
}
