import SQLiteStore
import Testing

@Suite struct TransactionTests {
    struct Abandon: Error {}

    private func counterDatabase(in directory: TempDirectory) async throws -> Database {
        let database = try await Database(path: directory.file("app.sqlite"))
        try await database.write { connection in
            try connection.execute("CREATE TABLE counter(n INTEGER NOT NULL)")
            try connection.execute("INSERT INTO counter VALUES (0)")
        }
        return database
    }

    private func count(_ database: Database) async throws -> Int? {
        try await database.read { try $0.queryOne("SELECT n FROM counter")?.int("n") }
    }

    @Test func aThrownSwiftErrorRollsTheWholeWriteBack() async throws {
        let directory = try TempDirectory()
        let database = try await counterDatabase(in: directory)
        await #expect(throws: Abandon.self) {
            try await database.write { connection in
                try connection.execute("UPDATE counter SET n = 99")
                try connection.execute("INSERT INTO counter VALUES (100)")
                #expect(connection.isInTransaction)
                throw Abandon()
            }
        }
        let rows = try await database.read { try $0.query("SELECT n FROM counter").map { try $0.int(0) } }
        #expect(rows == [0])
        await database.close()
    }

    @Test func aFailingStatementRollsBackEarlierStatementsOfTheSameWrite() async throws {
        let directory = try TempDirectory()
        let database = try await counterDatabase(in: directory)
        await #expect(throws: DatabaseError.self) {
            try await database.write { connection in
                try connection.execute("UPDATE counter SET n = 5")
                try connection.execute("INSERT INTO counter VALUES (NULL)")
            }
        }
        #expect(try await count(database) == 0)
        await database.close()
    }

    @Test func aSuccessfulWriteCommitsAndReportsChangesAndRowIDs() async throws {
        let directory = try TempDirectory()
        let database = try await counterDatabase(in: directory)
        let (rowID, changes) = try await database.write { connection in
            try connection.execute("INSERT INTO counter VALUES (?)", [7])
            let rowID = connection.lastInsertRowID
            try connection.execute("UPDATE counter SET n = n + 1")
            return (rowID, connection.changes)
        }
        #expect(rowID == 2)
        #expect(changes == 2)
        let rows = try await database.read { try $0.query("SELECT n FROM counter ORDER BY rowid").map { try $0.int(0) } }
        #expect(rows == [1, 8])
        await database.close()
    }

    @Test func fiftyConcurrentIncrementsAreSerialized() async throws {
        let directory = try TempDirectory()
        let database = try await counterDatabase(in: directory)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<50 {
                group.addTask {
                    if index.isMultiple(of: 3) {
                        _ = try await self.count(database)
                    }
                    try await database.write { connection in
                        let current = try connection.queryOne("SELECT n FROM counter")?.int("n") ?? -1000
                        try connection.execute("UPDATE counter SET n = ?", [current + 1])
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(try await count(database) == 50)
        await database.close()
    }

    @Test func vacuumRunsOutsideATransaction() async throws {
        let directory = try TempDirectory()
        let database = try await counterDatabase(in: directory)
        let insideWrite = await #expect(throws: DatabaseError.self) {
            try await database.write { try $0.execute("VACUUM") }
        }
        #expect(insideWrite?.code == .error)
        try await database.writeWithoutTransaction { try $0.execute("VACUUM") }
        #expect(try await count(database) == 0)
        await database.close()
    }
}
