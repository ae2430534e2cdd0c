import Foundation
import SQLiteStore
import Testing

@Suite struct LifecycleTests {
    @Test func committedDataIsThereAfterCloseAndReopen() async throws {
        let directory = try TempDirectory()
        let path = directory.file("app.sqlite")
        let writer = try await Database(path: path)
        try await writer.write { connection in
            try connection.execute("CREATE TABLE draft(id INTEGER PRIMARY KEY, body TEXT)")
            try connection.execute("INSERT INTO draft(body) VALUES (?)", ["survives"])
        }
        await writer.close()
        #expect(!directory.exists("app.sqlite-wal"))

        let reader = try await Database(path: path)
        let body = try await reader.read { try $0.queryOne("SELECT body FROM draft")?.string("body") }
        #expect(body == "survives")
        await reader.close()
    }

    @Test func aSecondConnectionSeesCommittedData() async throws {
        let directory = try TempDirectory()
        let path = directory.file("app.sqlite")
        let first = try await Database(path: path)
        let second = try await Database(path: path)
        try await first.write { connection in
            try connection.execute("CREATE TABLE seen(did TEXT PRIMARY KEY)")
            try connection.execute("INSERT INTO seen VALUES (?)", ["did:plc:abc"])
        }
        let seen = try await second.read { try $0.query("SELECT did FROM seen").map { try $0.string(0) } }
        #expect(seen == ["did:plc:abc"])
        try await second.write { try $0.execute("INSERT INTO seen VALUES (?)", ["did:plc:def"]) }
        let count = try await first.read { try $0.queryOne("SELECT count(*) AS n FROM seen")?.int("n") }
        #expect(count == 2)
        await first.close()
        await second.close()
    }

    /// While one connection holds the write lock, another gives up after its busy
    /// timeout with an error that says so, and succeeds once the lock is released.
    @Test func aHeldWriteLockMakesAnotherConnectionReportBusy() async throws {
        let directory = try TempDirectory()
        let path = directory.file("app.sqlite")
        let holder = try await Database(path: path)
        let waiter = try await Database(path: path, busyTimeout: .milliseconds(50))
        try await holder.write { try $0.execute("CREATE TABLE t(x)") }

        let release = DispatchSemaphore(value: 0)
        let (started, startedContinuation) = AsyncStream.makeStream(of: Void.self)
        let holding = Task {
            try await holder.write { connection in
                try connection.execute("INSERT INTO t VALUES (1)")
                startedContinuation.yield()
                // Bounded, so a failing test cannot hang the database thread forever.
                _ = release.wait(timeout: .now() + 30)
            }
        }
        for await _ in started { break }
        let error = await #expect(throws: DatabaseError.self) {
            try await waiter.write { try $0.execute("INSERT INTO t VALUES (2)") }
        }
        #expect(error?.isBusy == true)
        release.signal()
        try await holding.value
        try await waiter.write { try $0.execute("INSERT INTO t VALUES (2)") }
        let rows = try await waiter.read { try $0.query("SELECT x FROM t ORDER BY x").map { try $0.int(0) } }
        #expect(rows == [1, 2])
        await holder.close()
        await waiter.close()
    }

    @Test func closingTwiceIsFineAndLaterUseIsATypedError() async throws {
        let directory = try TempDirectory()
        let database = try await Database(path: directory.file("app.sqlite"))
        await database.close()
        await database.close()
        let error = await #expect(throws: DatabaseError.self) { try await database.read { _ in 1 } }
        #expect(error?.isClosed == true)
        await #expect(throws: DatabaseError.self) { try await database.fileSize() }
    }

    @Test func aForgottenDatabaseIsClosedWhenReleased() async throws {
        let directory = try TempDirectory()
        var database: Database? = try await Database(path: directory.file("app.sqlite"))
        try await database?.write { try $0.execute("CREATE TABLE t(x)") }
        #expect(directory.exists("app.sqlite-wal"))
        database = nil
        // The last connection's close folds the log into the file and deletes it.
        #expect(!directory.exists("app.sqlite-wal"))
    }

    @Test func allWorkRunsOnTheDatabasesOwnThread() async throws {
        let directory = try TempDirectory()
        let database = try await Database(path: directory.file("app.sqlite"))
        let names = try await withThrowingTaskGroup(of: String.self) { group in
            for index in 0..<20 {
                group.addTask {
                    if index.isMultiple(of: 2) {
                        return try await database.read { _ in Thread.current.name ?? "" }
                    }
                    return try await database.write { _ in Thread.current.name ?? "" }
                }
            }
            return try await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        #expect(names == [Database.threadName])
        await database.close()
    }

    @Test func checkpointTruncatesTheLogAndFileSizeReportsBothFiles() async throws {
        let directory = try TempDirectory()
        let database = try await Database(path: directory.file("app.sqlite"))
        try await database.write { connection in
            try connection.execute("CREATE TABLE t(x BLOB)")
            for _ in 0..<20 {
                try connection.execute("INSERT INTO t VALUES (?)", [[UInt8](repeating: 1, count: 4096)])
            }
        }
        let before = try await database.fileSize()
        #expect(before.writeAheadLog > 20 * 4096)
        try await database.checkpoint()
        let after = try await database.fileSize()
        #expect(after.writeAheadLog == 0)
        #expect(after.database > 20 * 4096)
        #expect(after.total == after.database)
        await database.close()
    }

    @Test func integrityCheckIsEmptyForAHealthyFileAndReportsDamage() async throws {
        let directory = try TempDirectory()
        let path = directory.file("app.sqlite")
        let database = try await Database(path: path)
        let root = try await database.write { connection in
            try connection.execute("CREATE TABLE t(x INTEGER)")
            try connection.execute("CREATE INDEX t_x ON t(x)")
            for value in 1000..<1100 {
                try connection.execute("INSERT INTO t VALUES (?)", [value])
            }
            return try connection.queryOne("SELECT rootpage FROM sqlite_schema WHERE name = 't_x'")?.int(0)
        }
        let pageSize = try await database.read { try $0.queryOne("PRAGMA page_size")?.int(0) }
        #expect(try await database.integrityCheck().isEmpty)
        await database.close()

        // Flip the last byte of the index's only page: an index entry now points at a
        // row that does not exist, which SQLite reads without failing.
        let page = try #require(root)
        let size = try #require(pageSize)
        let file = try #require(FileHandle(forUpdatingAtPath: path))
        try file.seek(toOffset: UInt64(page * size - 1))
        let byte = try #require(try file.read(upToCount: 1)?.first)
        try file.seek(toOffset: UInt64(page * size - 1))
        try file.write(contentsOf: [byte ^ 0x01])
        try file.close()

        let damaged = try await Database(path: path)
        let problems = try await damaged.integrityCheck()
        #expect(!problems.isEmpty)
        #expect(problems.contains { $0.contains("t_x") })
        await damaged.close()
    }
}
