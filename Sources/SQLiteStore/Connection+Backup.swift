import CSQLite

/// The page copy behind `DatabaseBackup`.
extension Connection {
    /// Copies every page of this connection's main database into `target`'s, replacing
    /// what `target` held, in one `sqlite3_backup_step(-1)`: one read transaction on the
    /// source, so the copy is one commit's state (stepping in slices would restart each
    /// time the server writes). A source that is locked (`SQLITE_BUSY`/`SQLITE_LOCKED`;
    /// the backup API calls no busy handler for the source) is retried until
    /// `busyTimeout` has passed.
    func copyPages(into target: Connection, busyTimeout: Duration) throws(DatabaseError) {
        let source = try openHandle()
        let destination = try target.openHandle()
        guard let backup = sqlite3_backup_init(destination, "main", source, "main") else {
            // The error of a failed init is recorded on the destination connection.
            throw DatabaseError(resultCode: sqlite3_errcode(destination), connection: destination, sql: nil)
        }
        let retryMilliseconds: Int32 = 50
        var waited = Duration.zero
        var status: Int32
        repeat {
            status = sqlite3_backup_step(backup, -1)
            let busy = status & 0xff == SQLITE_BUSY || status & 0xff == SQLITE_LOCKED
            guard busy, waited < busyTimeout else { break }
            sqlite3_sleep(retryMilliseconds)
            waited += .milliseconds(Int(retryMilliseconds))
        } while true
        // finish releases the backup object whatever happened; its result repeats a
        // failed step's error, so the step's status decides.
        let finished = sqlite3_backup_finish(backup)
        guard status == SQLITE_DONE else {
            throw DatabaseError(resultCode: status == SQLITE_OK ? SQLITE_ERROR : status, connection: destination, sql: nil)
        }
        try check(finished, connection: destination, sql: nil)
    }
}
