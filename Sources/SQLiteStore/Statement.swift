import CSQLite

/// A prepared statement: the only owner of its `sqlite3_stmt`, finalized in `deinit`.
///
/// Not thread-safe and not `Sendable` (GRDB's rule): it is used only on the database
/// thread, by the `Connection` that prepared it, which outlives it because it owns the
/// statement cache. Bindings are cleared after every use so that bound secrets do not
/// linger in SQLite's memory longer than the call.
final class Statement {
    let handle: OpaquePointer
    /// The statement's own SQL text (without bound values), for errors.
    let sql: String
    private let connection: OpaquePointer

    /// The result column names, read once: they do not change between executions.
    private(set) lazy var columnNames: [String] = (0..<sqlite3_column_count(handle)).map { index in
        sqlite3_column_name(handle, index).map { String(cString: $0) } ?? ""
    }

    init(handle: OpaquePointer, sql: String, connection: OpaquePointer) {
        self.handle = handle
        self.sql = sql
        self.connection = connection
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Binds `values` to the positional parameters, refusing a count mismatch (SQLite
    /// itself would silently bind missing parameters as NULL).
    func bind(_ values: [DatabaseValue]) throws(DatabaseError) {
        let expected = Int(sqlite3_bind_parameter_count(handle))
        guard expected == values.count else {
            throw DatabaseError(
                code: .range,
                message: "the statement has \(expected) parameter(s) but \(values.count) value(s) were given",
                sql: sql)
        }
        for (offset, value) in values.enumerated() {
            try check(bind(value, at: Int32(offset + 1)), connection: connection, sql: sql)
        }
    }

    private func bind(_ value: DatabaseValue, at index: Int32) -> Int32 {
        switch value {
        case .null:
            return sqlite3_bind_null(handle, index)
        case .integer(let integer):
            return sqlite3_bind_int64(handle, index, integer)
        case .real(let real):
            return sqlite3_bind_double(handle, index, real)
        case .text(var text):
            return text.withUTF8 { bytes in
                guard let base = bytes.baseAddress, !bytes.isEmpty else {
                    return csqlite_bind_text_transient(handle, index, "", 0)
                }
                guard let length = Int32(exactly: bytes.count) else { return SQLITE_TOOBIG }
                return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                    csqlite_bind_text_transient(handle, index, $0, length)
                }
            }
        case .blob(let bytes):
            // A NULL pointer would bind SQL NULL, so an empty blob needs its own call.
            guard !bytes.isEmpty else { return sqlite3_bind_zeroblob(handle, index, 0) }
            guard let length = Int32(exactly: bytes.count) else { return SQLITE_TOOBIG }
            return bytes.withUnsafeBytes { csqlite_bind_blob_transient(handle, index, $0.baseAddress, length) }
        }
    }

    /// Advances to the next row: true if a row is available, false when done.
    func step() throws(DatabaseError) -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let failure: throw DatabaseError(resultCode: failure, connection: connection, sql: sql)
        }
    }

    /// The current row, copied out of SQLite's buffers.
    func row() -> Row {
        let values = (0..<Int32(columnNames.count)).map(value(at:))
        return Row(columnNames: columnNames, values: values)
    }

    private func value(at column: Int32) -> DatabaseValue {
        switch sqlite3_column_type(handle, column) {
        case SQLITE_INTEGER:
            return .integer(sqlite3_column_int64(handle, column))
        case SQLITE_FLOAT:
            return .real(sqlite3_column_double(handle, column))
        case SQLITE_TEXT:
            // The pointer first, then the length: that order is what SQLite documents.
            // Invalid UTF-8 (possible in a file written by other tools) is repaired with
            // U+FFFD rather than trapping.
            guard let text = sqlite3_column_text(handle, column) else { return .text("") }
            let count = Int(sqlite3_column_bytes(handle, column))
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            guard let bytes = sqlite3_column_blob(handle, column) else { return .blob([]) }
            let count = Int(sqlite3_column_bytes(handle, column))
            return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
        default:
            return .null
        }
    }

    /// Makes the statement reusable and forgets its bindings.
    func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }
}
