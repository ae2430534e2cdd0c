import CSQLite

/// An SQLite result code, primary (`SQLITE_CONSTRAINT`) or extended
/// (`SQLITE_CONSTRAINT_UNIQUE`).
///
/// A Swift value so that code outside this target can recognise failures without
/// importing `CSQLite`. The extended constants are spelled out as in `sqlite3.h`
/// (`primary | (n << 8)`) because Swift does not import those shifted macros.
package struct ResultCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    package let rawValue: Int32

    package init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// The primary code: the low eight bits of an extended code.
    package var primary: ResultCode {
        ResultCode(rawValue: rawValue & 0xFF)
    }

    /// SQLite's English text for the code, for example "constraint failed".
    package var description: String {
        String(cString: sqlite3_errstr(rawValue))
    }

    // MARK: Primary codes

    package static let ok = ResultCode(rawValue: SQLITE_OK)
    /// Generic error, also SQL syntax errors and missing tables.
    package static let error = ResultCode(rawValue: SQLITE_ERROR)
    package static let `internal` = ResultCode(rawValue: SQLITE_INTERNAL)
    package static let permission = ResultCode(rawValue: SQLITE_PERM)
    package static let abort = ResultCode(rawValue: SQLITE_ABORT)
    /// Another connection holds a conflicting lock (after the busy timeout).
    package static let busy = ResultCode(rawValue: SQLITE_BUSY)
    /// A conflicting lock within the same connection or shared cache.
    package static let locked = ResultCode(rawValue: SQLITE_LOCKED)
    package static let noMemory = ResultCode(rawValue: SQLITE_NOMEM)
    /// A write was attempted where only reads are allowed (e.g. inside `Database.read`).
    package static let readOnly = ResultCode(rawValue: SQLITE_READONLY)
    package static let interrupt = ResultCode(rawValue: SQLITE_INTERRUPT)
    package static let ioError = ResultCode(rawValue: SQLITE_IOERR)
    package static let corrupt = ResultCode(rawValue: SQLITE_CORRUPT)
    /// The disk is full.
    package static let full = ResultCode(rawValue: SQLITE_FULL)
    package static let cantOpen = ResultCode(rawValue: SQLITE_CANTOPEN)
    package static let schema = ResultCode(rawValue: SQLITE_SCHEMA)
    package static let tooBig = ResultCode(rawValue: SQLITE_TOOBIG)
    package static let constraint = ResultCode(rawValue: SQLITE_CONSTRAINT)
    package static let mismatch = ResultCode(rawValue: SQLITE_MISMATCH)
    /// The API was used wrongly; this library also reports use after `close()` with it.
    package static let misuse = ResultCode(rawValue: SQLITE_MISUSE)
    /// A bind index or binding count is out of range.
    package static let range = ResultCode(rawValue: SQLITE_RANGE)
    /// The file is not an SQLite database.
    package static let notADatabase = ResultCode(rawValue: SQLITE_NOTADB)

    // MARK: Extended constraint codes

    package static let constraintCheck = ResultCode(rawValue: SQLITE_CONSTRAINT | (1 << 8))
    package static let constraintForeignKey = ResultCode(rawValue: SQLITE_CONSTRAINT | (3 << 8))
    package static let constraintNotNull = ResultCode(rawValue: SQLITE_CONSTRAINT | (5 << 8))
    package static let constraintPrimaryKey = ResultCode(rawValue: SQLITE_CONSTRAINT | (6 << 8))
    package static let constraintUnique = ResultCode(rawValue: SQLITE_CONSTRAINT | (8 << 8))
}
