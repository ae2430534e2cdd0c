/// A row could not be read as the caller asked: no such column, or a value of another
/// storage class (including NULL where a value was required).
///
/// Like `DatabaseError`, it never contains the value itself, only its storage class.
package struct RowDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    package enum Reason: Sendable, Equatable {
        /// The row has no column of that name.
        case missingColumn(String)
        /// The index is outside the row's columns.
        case indexOutOfRange(Int)
        /// The column holds a value of `found` storage class that is not a `expected`.
        case typeMismatch(column: String, expected: String, found: String)
    }

    package let reason: Reason
    /// The row's column names, to help spot a typo or a missing `AS` alias.
    package let columns: [String]

    package init(_ reason: Reason, columns: [String]) {
        self.reason = reason
        self.columns = columns
    }

    package var description: String {
        let available = "columns: " + columns.joined(separator: ", ")
        switch reason {
        case .missingColumn(let name):
            return "row has no column \"\(name)\" (\(available))"
        case .indexOutOfRange(let index):
            return "column index \(index) is out of range (\(available))"
        case .typeMismatch(let column, let expected, let found):
            return "column \"\(column)\" holds \(found), which is not a \(expected)"
        }
    }
}
