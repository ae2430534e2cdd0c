package import ATProto
package import SQLiteStore

/// Protocol values are stored as their text and checked again when read, so a row
/// edited by hand or written by an older version cannot put a malformed DID into the
/// application: reading it is a `RowDecodingError` like any other type mismatch.
extension ProtocolText {
    package var databaseValue: DatabaseValue { .text(rawValue) }

    package static func fromDatabaseValue(_ value: DatabaseValue) -> Self? {
        guard case .text(let text) = value else { return nil }
        return Self(wireText: text)
    }
}

extension DID: DatabaseValueConvertible {}
extension Handle: DatabaseValueConvertible {}
extension RecordKey: DatabaseValueConvertible {}
extension ATURI: DatabaseValueConvertible {}
extension Datetime: DatabaseValueConvertible {}
