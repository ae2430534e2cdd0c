import CSQLite

extension Statement {
    /// Prepares the first SQL statement found in `script` at byte `offset`.
    ///
    /// Returns a nil statement when only whitespace or comments remain, and the byte
    /// offset just past what SQLite consumed, so callers can walk a multi-statement
    /// script or check that a single statement has nothing after it. `script` must be
    /// NUL-terminated (as `String.utf8CString` is). Errors carry `sql`, or when it is
    /// nil the script from `offset` on, which starts with the failing statement.
    static func prepare(
        _ script: UnsafeBufferPointer<CChar>,
        from offset: Int,
        connection: OpaquePointer,
        persistent: Bool,
        sql: String?
    ) throws(DatabaseError) -> (statement: Statement?, end: Int) {
        guard let base = script.baseAddress, offset < script.count else { return (nil, offset) }
        guard let length = Int32(exactly: script.count - offset) else {
            throw DatabaseError(code: .tooBig, message: "the SQL text is too long", sql: nil)
        }
        var handle: OpaquePointer?
        var tail: UnsafePointer<CChar>?
        let flags = persistent ? UInt32(SQLITE_PREPARE_PERSISTENT) : 0
        let status = sqlite3_prepare_v3(connection, base + offset, length, flags, &handle, &tail)
        guard status == SQLITE_OK else {
            let error = DatabaseError(
                resultCode: status, connection: connection,
                sql: sql ?? String(String(cString: base + offset).drop(while: \.isWhitespace)))
            sqlite3_finalize(handle)
            throw error
        }
        let end = tail.map { $0 - base } ?? script.count
        guard let handle else { return (nil, end) }
        let text = sqlite3_sql(handle).map { String(cString: $0) } ?? sql ?? ""
        return (Statement(handle: handle, sql: text, connection: connection), end)
    }

    /// Prepares `sql`, which must hold exactly one statement.
    ///
    /// Trailing statements are refused rather than silently ignored (what
    /// `sqlite3_prepare` alone would do); use `Connection.executeScript` for those.
    static func prepareSingle(
        _ sql: String, connection: OpaquePointer, persistent: Bool
    ) throws(DatabaseError) -> Statement {
        guard !sql.utf8.contains(0) else {
            throw DatabaseError(code: .misuse, message: "the SQL contains a NUL byte", sql: sql)
        }
        let script = sql.utf8CString
        let result: Result<Statement, DatabaseError> = script.withUnsafeBufferPointer { buffer in
            do throws(DatabaseError) {
                let (first, end) = try prepare(buffer, from: 0, connection: connection, persistent: persistent, sql: sql)
                guard let first else {
                    throw DatabaseError(code: .misuse, message: "the SQL contains no statement", sql: sql)
                }
                let (extra, _) = try prepare(buffer, from: end, connection: connection, persistent: false, sql: sql)
                guard extra == nil else {
                    throw DatabaseError(
                        code: .misuse, message: "the SQL contains more than one statement; use executeScript",
                        sql: sql)
                }
                return .success(first)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}
