import CSQLite

/// An SQLite result code, primary (`SQLITE_CONSTRAINT`) or extended
/// (`SQLITE_CONSTRAINT_UNIQUE`).
///
/// A Swift value so that code outside this target can recognise failures without
/// importing `CSQLite`. The extended constants are spelled out as in `sqlite3.h`
/// (`primary | (n << 8)`) because Swift does not import those shifted macros.
public struct ResultCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int32

    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// The primary code: the low eight bits of an extended code.
    public var primary: ResultCode {
        ResultCode(rawValue: rawValue & 0xFF)
    }

    /// SQLite's English text for the code, for example "constraint failed".
    public var description: String {
        String(cString: sqlite3_errstr(rawValue))
    }

    // MARK: Primary codes

    public static let ok = ResultCode(rawValue: SQLITE_OK)
    /// Generic error, also SQL syntax errors and missing tables.
    public static let error = ResultCode(rawValue: SQLITE_ERROR)
    public static let `internal` = ResultCode(rawValue: SQLITE_INTERNAL)
    public static let permission = ResultCode(rawValue: SQLITE_PERM)
    public static let abort = ResultCode(rawValue: SQLITE_ABORT)
    /// Another connection holds a conflicting lock (after the busy timeout).
    public static let busy = ResultCode(rawValue: SQLITE_BUSY)
    /// A conflicting lock within the same connection or shared cache.
    public static let locked = ResultCode(rawValue: SQLITE_LOCKED)
    public static let noMemory = ResultCode(rawValue: SQLITE_NOMEM)
    /// A write was attempted where only reads are allowed (e.g. inside `Database.read`).
    public static let readOnly = ResultCode(rawValue: SQLITE_READONLY)
    public static let interrupt = ResultCode(rawValue: SQLITE_INTERRUPT)
    public static let ioError = ResultCode(rawValue: SQLITE_IOERR)
    public static let corrupt = ResultCode(rawValue: SQLITE_CORRUPT)
    /// The disk is full.
    public static let full = ResultCode(rawValue: SQLITE_FULL)
    public static let cantOpen = ResultCode(rawValue: SQLITE_CANTOPEN)
    public static let schema = ResultCode(rawValue: SQLITE_SCHEMA)
    public static let tooBig = ResultCode(rawValue: SQLITE_TOOBIG)
    public static let constraint = ResultCode(rawValue: SQLITE_CONSTRAINT)
    public static let mismatch = ResultCode(rawValue: SQLITE_MISMATCH)
    /// The API was used wrongly; this library also reports use after `close()` with it.
    public static let misuse = ResultCode(rawValue: SQLITE_MISUSE)
    /// A bind index or binding count is out of range.
    public static let range = ResultCode(rawValue: SQLITE_RANGE)
    /// The file is not an SQLite database.
    public static let notADatabase = ResultCode(rawValue: SQLITE_NOTADB)

    // MARK: Extended constraint codes

    public static let constraintCheck = ResultCode(rawValue: SQLITE_CONSTRAINT | (1 << 8))
    public static let constraintForeignKey = ResultCode(rawValue: SQLITE_CONSTRAINT | (3 << 8))
    public static let constraintNotNull = ResultCode(rawValue: SQLITE_CONSTRAINT | (5 << 8))
    public static let constraintPrimaryKey = ResultCode(rawValue: SQLITE_CONSTRAINT | (6 << 8))
    public static let constraintUnique = ResultCode(rawValue: SQLITE_CONSTRAINT | (8 << 8))
}
