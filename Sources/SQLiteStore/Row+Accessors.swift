/// Typed shorthands over `Row.value(_:as:)`, by column name and by index.
///
/// The non-optional forms throw on NULL; the `optional…` forms return nil for it. Both
/// throw `RowDecodingError` for a missing column or a different storage class.
extension Row {
    package func string(_ column: String) throws(RowDecodingError) -> String { try value(column) }
    package func string(_ index: Int) throws(RowDecodingError) -> String { try value(index) }
    package func optionalString(_ column: String) throws(RowDecodingError) -> String? { try value(column) }
    package func optionalString(_ index: Int) throws(RowDecodingError) -> String? { try value(index) }

    package func int(_ column: String) throws(RowDecodingError) -> Int { try value(column) }
    package func int(_ index: Int) throws(RowDecodingError) -> Int { try value(index) }
    package func optionalInt(_ column: String) throws(RowDecodingError) -> Int? { try value(column) }
    package func optionalInt(_ index: Int) throws(RowDecodingError) -> Int? { try value(index) }

    package func int64(_ column: String) throws(RowDecodingError) -> Int64 { try value(column) }
    package func int64(_ index: Int) throws(RowDecodingError) -> Int64 { try value(index) }
    package func optionalInt64(_ column: String) throws(RowDecodingError) -> Int64? { try value(column) }
    package func optionalInt64(_ index: Int) throws(RowDecodingError) -> Int64? { try value(index) }

    package func double(_ column: String) throws(RowDecodingError) -> Double { try value(column) }
    package func double(_ index: Int) throws(RowDecodingError) -> Double { try value(index) }
    package func optionalDouble(_ column: String) throws(RowDecodingError) -> Double? { try value(column) }
    package func optionalDouble(_ index: Int) throws(RowDecodingError) -> Double? { try value(index) }

    package func bool(_ column: String) throws(RowDecodingError) -> Bool { try value(column) }
    package func bool(_ index: Int) throws(RowDecodingError) -> Bool { try value(index) }
    package func optionalBool(_ column: String) throws(RowDecodingError) -> Bool? { try value(column) }
    package func optionalBool(_ index: Int) throws(RowDecodingError) -> Bool? { try value(index) }

    package func blob(_ column: String) throws(RowDecodingError) -> [UInt8] { try value(column) }
    package func blob(_ index: Int) throws(RowDecodingError) -> [UInt8] { try value(index) }
    package func optionalBlob(_ column: String) throws(RowDecodingError) -> [UInt8]? { try value(column) }
    package func optionalBlob(_ index: Int) throws(RowDecodingError) -> [UInt8]? { try value(index) }

    /// Whether `column` holds NULL.
    package func isNull(_ column: String) throws(RowDecodingError) -> Bool { try databaseValue(column).isNull }
}
