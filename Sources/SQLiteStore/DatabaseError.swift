/// A failure reported by SQLite, or detected by this library at the SQLite boundary.
///
/// Keeps what GRDB keeps: the result code, the extended code, SQLite's message and the
/// SQL text. It deliberately never holds bound values: they may be secrets (session
/// tokens, app passwords), and errors end up in logs. Application code should therefore
/// always bind values instead of interpolating them into SQL.
package struct DatabaseError: Error, Sendable, CustomStringConvertible {
    /// The primary result code, for example `.constraint`.
    package let code: ResultCode
    /// The extended result code, for example `.constraintUnique`; equal to `code` when
    /// SQLite gave no extended detail.
    package let extendedCode: ResultCode
    /// SQLite's message (`sqlite3_errmsg`) or this library's own explanation.
    package let message: String
    /// The SQL being prepared or run, if any. Never contains bound values.
    package let sql: String?

    /// Creates an error; `extendedCode` defaults to `code`.
    package init(code: ResultCode, extendedCode: ResultCode? = nil, message: String, sql: String? = nil) {
        self.code = code.primary
        self.extendedCode = extendedCode ?? code
        self.message = message
        self.sql = sql
    }

    /// Any constraint failed: UNIQUE, PRIMARY KEY, FOREIGN KEY, NOT NULL or CHECK.
    package var isConstraintViolation: Bool { code == .constraint }
    /// A UNIQUE or PRIMARY KEY constraint failed: the row already exists.
    package var isUniqueViolation: Bool {
        extendedCode == .constraintUnique || extendedCode == .constraintPrimaryKey
    }
    /// A FOREIGN KEY constraint failed.
    package var isForeignKeyViolation: Bool { extendedCode == .constraintForeignKey }
    /// Another connection held the lock for longer than the busy timeout; retrying later
    /// may succeed.
    package var isBusy: Bool { code == .busy || code == .locked }
    /// The database file is damaged or is not a database.
    package var isCorruption: Bool { code == .corrupt || code == .notADatabase }
    /// The operation was refused because the database has been closed.
    package var isClosed: Bool { code == .misuse && message == Self.closedMessage }

    package var description: String {
        var text = "SQLite error \(extendedCode.rawValue) (\(code)): \(message)"
        if let sql {
            text += " — SQL: \(sql)"
        }
        return text
    }

    static let closedMessage = "the database is closed"

    /// The error for work submitted after `close()`.
    static let closed = DatabaseError(code: .misuse, message: closedMessage)
}
