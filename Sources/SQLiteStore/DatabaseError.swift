/// A failure reported by SQLite, or detected by this library at the SQLite boundary.
///
/// Keeps what GRDB keeps: the result code, the extended code, SQLite's message and the
/// SQL text. It deliberately never holds bound values: they may be secrets (session
/// tokens, app passwords), and errors end up in logs. Application code should therefore
/// always bind values instead of interpolating them into SQL.
public struct DatabaseError: Error, Sendable, CustomStringConvertible {
    /// The primary result code, for example `.constraint`.
    public let code: ResultCode
    /// The extended result code, for example `.constraintUnique`; equal to `code` when
    /// SQLite gave no extended detail.
    public let extendedCode: ResultCode
    /// SQLite's message (`sqlite3_errmsg`) or this library's own explanation.
    public let message: String
    /// The SQL being prepared or run, if any. Never contains bound values.
    public let sql: String?

    /// Creates an error; `extendedCode` defaults to `code`.
    public init(code: ResultCode, extendedCode: ResultCode? = nil, message: String, sql: String? = nil) {
        self.code = code.primary
        self.extendedCode = extendedCode ?? code
        self.message = message
        self.sql = sql
    }

    /// Any constraint failed: UNIQUE, PRIMARY KEY, FOREIGN KEY, NOT NULL or CHECK.
    public var isConstraintViolation: Bool { code == .constraint }
    /// A UNIQUE or PRIMARY KEY constraint failed: the row already exists.
    public var isUniqueViolation: Bool {
        extendedCode == .constraintUnique || extendedCode == .constraintPrimaryKey
    }
    /// A FOREIGN KEY constraint failed.
    public var isForeignKeyViolation: Bool { extendedCode == .constraintForeignKey }
    /// Another connection held the lock for longer than the busy timeout; retrying later
    /// may succeed.
    public var isBusy: Bool { code == .busy || code == .locked }
    /// The database file is damaged or is not a database.
    public var isCorruption: Bool { code == .corrupt || code == .notADatabase }
    /// The operation was refused because the database has been closed.
    public var isClosed: Bool { code == .misuse && message == Self.closedMessage }

    public var description: String {
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
