import CSQLite

/// Version, integrity and checkpoint queries for the migrator and `Database`.
extension Connection {
    /// The schema version kept in the file header (`PRAGMA user_version`).
    func userVersion() throws(DatabaseError) -> Int {
        guard let row = try queryOne("PRAGMA user_version"), case .integer(let version) = row.values.first else {
            throw DatabaseError(code: .error, message: "PRAGMA user_version returned no integer")
        }
        return Int(version)
    }

    /// Switches to write-ahead logging with `synchronous=FULL` and turns on foreign
    /// keys, verifying each: a setting SQLite silently ignored would quietly weaken
    /// durability or integrity.
    func enableDurableSettings() throws(DatabaseError) {
        let mode = try queryOne("PRAGMA journal_mode = WAL").flatMap { try? $0.string(0) }
        guard mode?.lowercased() == "wal" else {
            throw DatabaseError(
                code: .cantOpen, message: "write-ahead logging is unavailable (journal mode: \(mode ?? "none"))")
        }
        try execute("PRAGMA synchronous = FULL")
        try execute("PRAGMA foreign_keys = ON")
        let synchronous = try queryOne("PRAGMA synchronous").flatMap { try? $0.int(0) }
        let foreignKeys = try queryOne("PRAGMA foreign_keys").flatMap { try? $0.int(0) }
        guard synchronous == 2, foreignKeys == 1 else {
            throw DatabaseError(code: .error, message: "synchronous=FULL or foreign_keys=ON did not take effect")
        }
    }

    /// The problems `PRAGMA integrity_check` reports (at most `limit`); empty if none.
    func integrityProblems(limit: Int) throws(DatabaseError) -> [String] {
        let rows = try query("PRAGMA integrity_check(\(max(1, limit)))")
        let messages = rows.compactMap { try? $0.string(0) }
        return messages == ["ok"] ? [] : messages
    }

    /// Copies the write-ahead log into the database file and truncates the log to zero
    /// bytes (`SQLITE_CHECKPOINT_TRUNCATE`). Waits up to the busy timeout for readers
    /// and writers on other connections; throws `isBusy` if they do not finish.
    func checkpoint() throws(DatabaseError) {
        let connection = try openHandle()
        let status = sqlite3_wal_checkpoint_v2(connection, nil, SQLITE_CHECKPOINT_TRUNCATE, nil, nil)
        try check(status, connection: connection, sql: "PRAGMA wal_checkpoint(TRUNCATE)")
    }
}
