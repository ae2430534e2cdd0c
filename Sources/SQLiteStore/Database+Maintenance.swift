import DurableFiles
import FoundationEssentials

/// Checks the application runs at start-up, in health checks and before backups.
extension Database {
    /// Runs `PRAGMA integrity_check` and returns the problems found (at most `limit`);
    /// an empty array means the database is intact. May take a while on a large file.
    package func integrityCheck(limit: Int = 100) async throws -> [String] {
        try await withConnection { try $0.integrityProblems(limit: limit) }
    }

    /// Folds the write-ahead log into the database file and truncates the log, for
    /// example before copying the file as a backup. SQLite also checkpoints on its own
    /// once the log passes about 4 MB.
    package func checkpoint() async throws {
        try await withConnection { try $0.checkpoint() }
    }

    /// The bytes the database occupies on disk: the file and its write-ahead log.
    package func fileSize() async throws -> DatabaseFileSize {
        try await withConnection { connection in
            let path = connection.path
            guard let database = Self.size(of: path) else {
                throw DatabaseError(code: .ioError, message: "cannot read the size of \(path)")
            }
            return DatabaseFileSize(database: database, writeAheadLog: Self.size(of: path + "-wal") ?? 0)
        }
    }

    private static func size(of path: String) -> Int64? {
        FileDescriptorIO.regularFileSize(path).map(Int64.init)
    }
}
