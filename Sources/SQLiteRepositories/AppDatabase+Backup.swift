package import SQLiteStore

/// Backups of the database while a server is using it.
extension AppDatabase {
    /// Copies the database file at `source`, which a running server may be writing, into
    /// a new file at `destination` as one commit's consistent state (SQLite's online
    /// backup API; see `DatabaseBackup`), and checks the copy's integrity. Also how a
    /// backup is restored: the same copy, the other way round.
    package static func copy(from source: String, to destination: String) async throws(DatabaseError) {
        try await DatabaseBackup.copy(from: source, to: destination)
    }
}
