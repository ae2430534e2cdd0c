/// One result row: the column names of its statement and the values, read eagerly.
///
/// A value (and `Sendable`), so rows can leave the database thread. Lookups by name
/// follow SQLite's rules for identifiers: exact match first, then ASCII
/// case-insensitive; with duplicate names the leftmost column wins.
package struct Row: Sendable, Hashable {
    /// The statement's column names, shared by all rows of one query.
    package let columnNames: [String]
    /// The values, in column order.
    package let values: [DatabaseValue]

    /// Creates a row; `values` and `columnNames` must have the same length.
    package init(columnNames: [String], values: [DatabaseValue]) {
        precondition(columnNames.count == values.count, "one value per column")
        self.columnNames = columnNames
        self.values = values
    }

    /// The number of columns.
    package var count: Int { values.count }

    /// The index of `column`, or nil if the row has no such column.
    package func index(of column: String) -> Int? {
        if let exact = columnNames.firstIndex(of: column) {
            return exact
        }
        let folded = column.lowercased()
        return columnNames.firstIndex { $0.lowercased() == folded }
    }

    /// The raw value of `column`.
    package func databaseValue(_ column: String) throws(RowDecodingError) -> DatabaseValue {
        guard let index = index(of: column) else {
            throw RowDecodingError(.missingColumn(column), columns: columnNames)
        }
        return values[index]
    }

    /// The raw value at `index`.
    package func databaseValue(_ index: Int) throws(RowDecodingError) -> DatabaseValue {
        guard values.indices.contains(index) else {
            throw RowDecodingError(.indexOutOfRange(index), columns: columnNames)
        }
        return values[index]
    }

    /// The value of `column` as `T`; use an optional `T` to accept NULL.
    package func value<T: DatabaseValueConvertible>(
        _ column: String, as type: T.Type = T.self
    ) throws(RowDecodingError) -> T {
        try convert(databaseValue(column), column: column)
    }

    /// The value at `index` as `T`; use an optional `T` to accept NULL.
    package func value<T: DatabaseValueConvertible>(
        _ index: Int, as type: T.Type = T.self
    ) throws(RowDecodingError) -> T {
        try convert(databaseValue(index), column: columnNames[index])
    }

    private func convert<T: DatabaseValueConvertible>(
        _ value: DatabaseValue, column: String
    ) throws(RowDecodingError) -> T {
        guard let converted = T.fromDatabaseValue(value) else {
            let mismatch = RowDecodingError.Reason.typeMismatch(
                column: column, expected: String(describing: T.self), found: value.storageClass)
            throw RowDecodingError(mismatch, columns: columnNames)
        }
        return converted
    }
}
