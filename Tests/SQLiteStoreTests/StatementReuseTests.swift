import SQLiteStore
import Testing

/// Statements are prepared once per SQL text and reused; reuse must never carry
/// bindings or state from one call into the next.
@Suite struct StatementReuseTests {
    @Test func aReusedStatementTakesFreshBindingsEachTime() async throws {
        let directory = try TempDirectory()
        let database = try await Database(path: directory.file("app.sqlite"))
        let results = try await database.write { connection in
            try connection.execute("CREATE TABLE t(k TEXT PRIMARY KEY, v INTEGER)")
            for index in 0..<10 {
                try connection.execute("INSERT INTO t VALUES (?, ?)", ["key\(index)", index * index])
            }
            return try (0..<10).map { index in
                try connection.queryOne("SELECT v FROM t WHERE k = ?", ["key\(index)"])?.int("v")
            }
        }
        #expect(results == (0..<10).map { $0 * $0 })
        await database.close()
    }

    @Test func aStatementStoppedHalfWayOrFailedIsUsableAgain() async throws {
        let directory = try TempDirectory()
        let database = try await Database(path: directory.file("app.sqlite"))
        let (first, again) = try await database.write { connection in
            try connection.execute("CREATE TABLE t(x INTEGER UNIQUE)")
            try connection.execute("INSERT INTO t VALUES (1), (2), (3)")
            // queryOne stops after one row of three; the next use must start over.
            let first = try connection.queryOne("SELECT x FROM t ORDER BY x")?.int(0)
            #expect(throws: DatabaseError.self) { try connection.execute("INSERT INTO t VALUES (?)", [1]) }
            try connection.execute("INSERT INTO t VALUES (?)", [4])
            let again = try connection.query("SELECT x FROM t ORDER BY x").map { try $0.int(0) }
            return (first, again)
        }
        #expect(first == 1)
        #expect(again == [1, 2, 3, 4])
        await database.close()
    }

    /// More distinct statements than the cache holds: older ones are evicted and
    /// prepared again when needed, with correct results throughout.
    @Test func manyDistinctStatementsOutgrowTheCacheSafely() async throws {
        let directory = try TempDirectory()
        let database = try await Database(path: directory.file("app.sqlite"))
        let values = try await database.read { connection in
            try (0..<2).flatMap { _ in
                try (0..<300).map { index in try connection.queryOne("SELECT \(index) + ?", [1])?.int(0) ?? -1 }
            }
        }
        #expect(values == Array(1...300) + Array(1...300))
        await database.close()
    }
}
