/// One SQLite value, in one of SQLite's five storage classes.
///
/// Literals work directly in bindings (`[nil, 42, 1.5, "text", true]` as
/// `[DatabaseValue]`); Swift values convert through `DatabaseValueConvertible`.
package enum DatabaseValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])

    /// The storage class name as SQLite spells it, for error messages that must not
    /// show the value itself.
    package var storageClass: String {
        switch self {
        case .null: "NULL"
        case .integer: "INTEGER"
        case .real: "REAL"
        case .text: "TEXT"
        case .blob: "BLOB"
        }
    }

    /// Whether this is SQL NULL.
    package var isNull: Bool {
        if case .null = self { true } else { false }
    }
}

extension DatabaseValue: ExpressibleByNilLiteral {
    package init(nilLiteral: ()) { self = .null }
}

extension DatabaseValue: ExpressibleByIntegerLiteral {
    package init(integerLiteral value: Int64) { self = .integer(value) }
}

extension DatabaseValue: ExpressibleByFloatLiteral {
    package init(floatLiteral value: Double) { self = .real(value) }
}

extension DatabaseValue: ExpressibleByStringLiteral {
    package init(stringLiteral value: String) { self = .text(value) }
}

extension DatabaseValue: ExpressibleByBooleanLiteral {
    package init(booleanLiteral value: Bool) { self = .integer(value ? 1 : 0) }
}
