import CSQLite

/// One open SQLite connection, handed to the closures of `Database.read` and
/// `Database.write`.
///
/// The only owner of its `sqlite3` handle and of the cached statements; `close()` (or
/// `deinit`) finalizes the statements and closes the handle. It is deliberately not
/// `Sendable`: the `Database` uses it only on its own thread, and a connection that
/// escaped its closure could run SQL on any thread, outside the transaction it
/// belongs to.
package final class Connection {
    /// Nil once closed.
    private(set) var handle: OpaquePointer?
    var statements = StatementCache()
    /// The path the connection was opened with.
    package let path: String

    /// Opens `path`, creating it with mode 0600 if needed, and sets the per-connection
    /// options that need no write: extended result codes, the busy timeout, defensive
    /// mode and no double-quoted string literals. Durability settings that write to the
    /// file come later (`enableWriteAheadLogging`), after the version check.
    init(path: String, busyTimeout: Duration) throws(DatabaseError) {
        self.path = path
        try DatabaseFile.prepare(path: path)
        var opened: OpaquePointer?
        // No SQLITE_OPEN_CREATE: the file exists now with the right mode; if it vanished
        // meanwhile, failing beats SQLite recreating it with its default mode.
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_FULLMUTEX
        let status = sqlite3_open_v2(path, &opened, flags, nil)
        guard status == SQLITE_OK, let opened else {
            let error = DatabaseError(resultCode: status, connection: opened, sql: nil)
            sqlite3_close_v2(opened)
            throw error
        }
        handle = opened
        do {
            try configure(opened, busyTimeout: busyTimeout)
        } catch {
            close()
            throw error
        }
    }

    deinit {
        close()
    }

    private func configure(_ connection: OpaquePointer, busyTimeout: Duration) throws(DatabaseError) {
        try check(sqlite3_extended_result_codes(connection, 1), connection: connection, sql: nil)
        // Clamped before multiplying: an absurd Duration must not overflow and trap.
        let seconds = min(max(busyTimeout.components.seconds, 0), Int64(Int32.max / 1000))
        let milliseconds = seconds * 1000 + busyTimeout.components.attoseconds / 1_000_000_000_000_000
        let timeout = Int32(clamping: max(0, milliseconds))
        try check(sqlite3_busy_timeout(connection, timeout), connection: connection, sql: nil)
        // Defensive mode stops SQL from corrupting the file on purpose (writable_schema,
        // journal_mode=OFF); the DQS options make "x" an identifier, never a string.
        for (option, value) in [
            (SQLITE_DBCONFIG_DEFENSIVE, Int32(1)), (SQLITE_DBCONFIG_DQS_DML, 0), (SQLITE_DBCONFIG_DQS_DDL, 0),
        ] {
            try check(csqlite_db_config_int(connection, option, value, nil), connection: connection, sql: nil)
        }
    }

    /// The open handle, or the error for use after `close()`.
    func openHandle() throws(DatabaseError) -> OpaquePointer {
        guard let handle else { throw DatabaseError.closed }
        return handle
    }

    /// Finalizes the cached statements and closes the handle. Idempotent.
    ///
    /// With the last connection to the file closed, SQLite checkpoints the write-ahead
    /// log into the database file and deletes it.
    func close() {
        statements.removeAll()
        guard let handle else { return }
        self.handle = nil
        sqlite3_close_v2(handle)
    }

    /// The rowid of the most recent successful INSERT on this connection.
    package var lastInsertRowID: Int64 {
        handle.map { sqlite3_last_insert_rowid($0) } ?? 0
    }

    /// The number of rows the most recent INSERT, UPDATE or DELETE changed.
    package var changes: Int {
        handle.map { Int(sqlite3_changes64($0)) } ?? 0
    }

    /// Whether a transaction is open (SQLite is not in autocommit mode).
    package var isInTransaction: Bool {
        handle.map { sqlite3_get_autocommit($0) == 0 } ?? false
    }
}

/// Not thread-safe: see the type's documentation.
@available(*, unavailable)
extension Connection: Sendable {}
