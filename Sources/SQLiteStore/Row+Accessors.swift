/// Typed shorthands over `Row.value(_:as:)`, by column name and by index.
///
/// The non-optional forms throw on NULL; the `optional…` forms return nil for it. Both
/// throw `RowDecodingError` for a missing column or a different storage class.
extension Row {
    public func string(_ column: String) throws(RowDecodingError) -> String { try value(column) }
    public func string(_ index: Int) throws(RowDecodingError) -> String { try value(index) }
    public func optionalString(_ column: String) throws(RowDecodingError) -> String? { try value(column) }
    public func optionalString(_ index: Int) throws(RowDecodingError) -> String? { try value(index) }

    public func int(_ column: String) throws(RowDecodingError) -> Int { try value(column) }
    public func int(_ index: Int) throws(RowDecodingError) -> Int { try value(index) }
    public func optionalInt(_ column: String) throws(RowDecodingError) -> Int? { try value(column) }
    public func optionalInt(_ index: Int) throws(RowDecodingError) -> Int? { try value(index) }

    public func int64(_ column: String) throws(RowDecodingError) -> Int64 { try value(column) }
    public func int64(_ index: Int) throws(RowDecodingError) -> Int64 { try value(index) }
    public func optionalInt64(_ column: String) throws(RowDecodingError) -> Int64? { try value(column) }
    public func optionalInt64(_ index: Int) throws(RowDecodingError) -> Int64? { try value(index) }

    public func double(_ column: String) throws(RowDecodingError) -> Double { try value(column) }
    public func double(_ index: Int) throws(RowDecodingError) -> Double { try value(index) }
    public func optionalDouble(_ column: String) throws(RowDecodingError) -> Double? { try value(column) }
    public func optionalDouble(_ index: Int) throws(RowDecodingError) -> Double? { try value(index) }

    public func bool(_ column: String) throws(RowDecodingError) -> Bool { try value(column) }
    public func bool(_ index: Int) throws(RowDecodingError) -> Bool { try value(index) }
    public func optionalBool(_ column: String) throws(RowDecodingError) -> Bool? { try value(column) }
    public func optionalBool(_ index: Int) throws(RowDecodingError) -> Bool? { try value(index) }

    public func blob(_ column: String) throws(RowDecodingError) -> [UInt8] { try value(column) }
    public func blob(_ index: Int) throws(RowDecodingError) -> [UInt8] { try value(index) }
    public func optionalBlob(_ column: String) throws(RowDecodingError) -> [UInt8]? { try value(column) }
    public func optionalBlob(_ index: Int) throws(RowDecodingError) -> [UInt8]? { try value(index) }

    /// Whether `column` holds NULL.
    public func isNull(_ column: String) throws(RowDecodingError) -> Bool { try databaseValue(column).isNull }
}
