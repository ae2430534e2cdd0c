import CSQLite

extension DatabaseError {
    /// The one place where an SQLite status becomes a Swift error.
    ///
    /// Reads the extended code and message from the connection, which SQLite documents
    /// as describing the most recent failed call on it; both are taken before any
    /// further call (such as `sqlite3_reset`) can overwrite them. Falls back to the
    /// returned code when the connection's record is about a different failure.
    init(resultCode: Int32, connection: OpaquePointer?, sql: String?) {
        let returned = ResultCode(rawValue: resultCode)
        var extended = returned
        var message = String(cString: sqlite3_errstr(resultCode))
        if let connection {
            let recorded = ResultCode(rawValue: sqlite3_extended_errcode(connection))
            if recorded.primary == returned.primary {
                extended = recorded
                if let text = sqlite3_errmsg(connection) {
                    message = String(cString: text)
                }
            }
        }
        self.init(code: returned, extendedCode: extended, message: message, sql: sql)
    }
}

/// Throws a `DatabaseError` unless `resultCode` is `SQLITE_OK`.
@inline(__always)
func check(_ resultCode: Int32, connection: OpaquePointer?, sql: String?) throws(DatabaseError) {
    guard resultCode == SQLITE_OK else {
        throw DatabaseError(resultCode: resultCode, connection: connection, sql: sql)
    }
}
