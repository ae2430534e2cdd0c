/// Running SQL: one statement with bindings (cached), or a script of several.
extension Connection {
    /// Runs one statement, discarding any rows it returns.
    package func execute(_ sql: String, _ bindings: [any DatabaseValueConvertible] = []) throws(DatabaseError) {
        try withStatement(sql, bindings) { statement throws(DatabaseError) in
            while try statement.step() {}
        }
    }

    /// Runs one statement and returns all its rows.
    package func query(_ sql: String, _ bindings: [any DatabaseValueConvertible] = []) throws(DatabaseError) -> [Row] {
        try withStatement(sql, bindings) { statement throws(DatabaseError) in
            var rows: [Row] = []
            while try statement.step() {
                rows.append(statement.row())
            }
            return rows
        }
    }

    /// Runs one statement and returns its first row, or nil if it returned none.
    package func queryOne(_ sql: String, _ bindings: [any DatabaseValueConvertible] = []) throws(DatabaseError) -> Row? {
        try withStatement(sql, bindings) { statement throws(DatabaseError) in
            try statement.step() ? statement.row() : nil
        }
    }

    /// Runs every statement in `sql` in order, without bindings or caching: for schema
    /// scripts such as migrations. Stops at the first failure; the error carries the
    /// failing statement's SQL.
    package func executeScript(_ sql: String) throws(DatabaseError) {
        let connection = try openHandle()
        guard !sql.utf8.contains(0) else {
            throw DatabaseError(code: .misuse, message: "the SQL contains a NUL byte", sql: sql)
        }
        let script = sql.utf8CString
        let outcome: DatabaseError? = script.withUnsafeBufferPointer { buffer in
            var offset = 0
            do throws(DatabaseError) {
                while offset < buffer.count {
                    let (statement, end) = try Statement.prepare(
                        buffer, from: offset, connection: connection, persistent: false, sql: nil)
                    guard let statement, end > offset else { break }
                    while try statement.step() {}
                    offset = end
                }
                return nil
            } catch {
                return error
            }
        }
        if let outcome { throw outcome }
    }

    /// Prepares (or reuses) the statement for `sql`, binds, runs `body`, and always
    /// resets the statement and clears its bindings afterwards.
    private func withStatement<T>(
        _ sql: String,
        _ bindings: [any DatabaseValueConvertible],
        _ body: (Statement) throws(DatabaseError) -> T
    ) throws(DatabaseError) -> T {
        let statement = try cachedStatement(sql)
        defer { statement.reset() }
        try statement.bind(bindings.map(\.databaseValue))
        return try body(statement)
    }

    private func cachedStatement(_ sql: String) throws(DatabaseError) -> Statement {
        let connection = try openHandle()
        if let cached = statements.statement(for: sql) {
            return cached
        }
        let statement = try Statement.prepareSingle(sql, connection: connection, persistent: true)
        statements.insert(statement, for: sql)
        return statement
    }
}
