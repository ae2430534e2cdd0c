import SQLiteStore
import Testing

@Suite struct ValueRoundTripTests {
    /// Values stored in an untyped column come back exactly, storage class included.
    @Test func everyValueTypeRoundTrips() async throws {
        let directory = try TempDirectory()
        let database = try await Database(path: directory.file("app.sqlite"))
        let large = (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        let values: [DatabaseValue] = [
            .null,
            .integer(.min), .integer(.max), .integer(0), .integer(-1),
            .real(1.5), .real(-2.25e-300), .real(.pi), .real(.greatestFiniteMagnitude),
            .real(.leastNonzeroMagnitude), .real(.infinity), .real(-.infinity),
            .text(""), .text("héllo wörld 🌍 世界 ﷽"), .text("nul\u{0}inside"),
            .text(String(repeating: "x", count: 100_000)),
            .blob([]), .blob([0, 255, 0, 128]), .blob(large),
        ]
        let stored = try await database.write { connection in
            try connection.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, v)")
            for (id, value) in values.enumerated() {
                try connection.execute("INSERT INTO t(id, v) VALUES (?, ?)", [id, value])
            }
            return try connection.query("SELECT v FROM t ORDER BY id").map { try $0.databaseValue("v") }
        }
        #expect(stored.count == values.count)
        for (expected, actual) in zip(values, stored) {
            #expect(expected == actual, "storage class \(expected.storageClass)")
        }
        await database.close()
    }

    @Test func swiftValuesConvertAndReadBackThroughTypedAccessors() async throws {
        let directory = try TempDirectory()
        let database = try await Database(path: directory.file("app.sqlite"))
        let missing: String? = nil
        let present: Int? = 7
        let row = try await database.write { connection in
            try connection.execute(
                "CREATE TABLE t(s TEXT, i INTEGER, i64 INTEGER, d REAL, b INTEGER, f INTEGER, bytes BLOB, n TEXT, o INTEGER)")
            try connection.execute(
                "INSERT INTO t VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                ["ünïcødé", 42, Int64.min, 0.1, true, false, [UInt8]([1, 2, 3]), missing, present])
            return try connection.queryOne("SELECT * FROM t")
        }
        let values = try #require(row)
        #expect(try values.string("s") == "ünïcødé")
        #expect(try values.int("i") == 42)
        #expect(try values.int64("i64") == .min)
        #expect(try values.double("d") == 0.1)
        #expect(try values.bool("b") == true)
        #expect(try values.bool("f") == false)
        #expect(try values.blob("bytes") == [1, 2, 3])
        #expect(try values.optionalString("n") == nil)
        #expect(try values.isNull("n"))
        #expect(try values.optionalInt("o") == 7)
        #expect(try values.string(0) == "ünïcødé")
        #expect(try values.int(1) == 42)
        #expect(try values.value("I", as: Int.self) == 42)
        #expect(try values.optionalDouble("i") == 42.0)
        await database.close()
    }

    @Test func missingColumnsAndWrongTypesAreTypedErrors() throws {
        let row = Row(columnNames: ["handle", "count", "note"], values: [.text("alice.test"), .integer(3), .null])
        #expect(throws: RowDecodingError(.missingColumn("hnadle"), columns: row.columnNames)) {
            try row.string("hnadle")
        }
        #expect(throws: RowDecodingError(.indexOutOfRange(3), columns: row.columnNames)) {
            try row.string(3)
        }
        #expect(throws: RowDecodingError(.indexOutOfRange(-1), columns: row.columnNames)) {
            try row.int(-1)
        }
        let mismatch = #expect(throws: RowDecodingError.self) { try row.int("handle") }
        #expect(mismatch?.reason == .typeMismatch(column: "handle", expected: "Int", found: "TEXT"))
        #expect(mismatch.map { String(describing: $0).contains("alice") } == false)
        let null = #expect(throws: RowDecodingError.self) { try row.string("note") }
        #expect(null?.reason == .typeMismatch(column: "note", expected: "String", found: "NULL"))
        #expect(throws: RowDecodingError.self) { try row.blob("handle") }
        #expect(throws: RowDecodingError.self) { try row.double("handle") }
        #expect(throws: RowDecodingError.self) { try row.optionalInt("handle") }
    }

    @Test func conversionsRefuseOtherStorageClasses() {
        #expect(Int.fromDatabaseValue(.real(1.0)) == nil)
        #expect(Bool.fromDatabaseValue(.text("1")) == nil)
        #expect(String.fromDatabaseValue(.blob([65])) == nil)
        #expect([UInt8].fromDatabaseValue(.text("A")) == nil)
        #expect(Int?.fromDatabaseValue(.null) == .some(nil))
        #expect(Int?.fromDatabaseValue(.text("x")) == nil)
    }
}
