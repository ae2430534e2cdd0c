package import Posting
package import SQLiteStore

/// A draft's id is stored as its text (the `drafts.id` column) and checked again when
/// read, so a row edited by hand or restored from elsewhere cannot put an id into the
/// application that no draft can have: reading it is a `RowDecodingError`.
extension DraftID: DatabaseValueConvertible {
    package var databaseValue: DatabaseValue { .text(rawValue) }

    package static func fromDatabaseValue(_ value: DatabaseValue) -> DraftID? {
        guard case .text(let text) = value else { return nil }
        return DraftID(text)
    }
}
