package import Accounts
package import SQLiteStore

/// A write's problem is stored in its stable encoded form (`WriteProblem.stored`, JSON
/// with a `kind`); any text that form cannot read (written by hand, or by a version
/// before problems were values, which migration 9 wraps) reads as `.legacy`, never as a
/// failure to read the row.
extension WriteProblem: DatabaseValueConvertible {
    package var databaseValue: DatabaseValue { .text(stored) }

    package static func fromDatabaseValue(_ value: DatabaseValue) -> Self? {
        guard case .text(let text) = value else { return nil }
        return WriteProblem(stored: text)
    }
}
