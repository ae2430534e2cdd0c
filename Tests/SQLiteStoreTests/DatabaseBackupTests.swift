import Foundation
import SQLiteStore
import Testing

@Suite struct DatabaseBackupTests {
    @Test func aBackupTakenWhileTheDatabaseIsOpenHoldsEveryCommittedRowIncludingThoseOnlyInTheLog() async throws {
        let directory = try TempDirectory()
        let live = try await Database(path: directory.file("live.sqlite"))
        try await live.write { connection in
            try connection.execute("CREATE TABLE draft(id INTEGER PRIMARY KEY, body TEXT)")
            for index in 0..<200 { try connection.execute("INSERT INTO draft(body) VALUES (?)", ["draft \(index)"]) }
        }
        // Still open: the commits sit in the write-ahead log, not yet in the main file.
        #expect(directory.exists("live.sqlite-wal"))

        try await DatabaseBackup.copy(from: directory.file("live.sqlite"), to: directory.file("copy.sqlite"))
        try await live.write { try $0.execute("INSERT INTO draft(body) VALUES ('after the backup')") }

        #expect(directory.permissions("copy.sqlite") == 0o600)
        let copy = try await Database(path: directory.file("copy.sqlite"))
        let count = try await copy.read { try $0.queryOne("SELECT count(*) AS n FROM draft")?.int("n") }
        #expect(count == 200, "every row committed before the backup, none after")
        #expect(try await copy.integrityCheck().isEmpty)
        await copy.close()
        await live.close()
    }

    @Test func aBackupNeverOverwritesAnExistingFile() async throws {
        let directory = try TempDirectory()
        let live = try await Database(path: directory.file("live.sqlite"))
        try await live.write { try $0.execute("CREATE TABLE t(x)") }
        try Data("precious".utf8).write(to: URL(fileURLWithPath: directory.file("copy.sqlite")))
        await #expect(throws: DatabaseError.self) {
            try await DatabaseBackup.copy(from: directory.file("live.sqlite"), to: directory.file("copy.sqlite"))
        }
        #expect(try String(contentsOfFile: directory.file("copy.sqlite"), encoding: .utf8) == "precious")
        await live.close()
    }

    @Test func aBackupOfAMissingDatabaseFailsAndCreatesNothing() async throws {
        let directory = try TempDirectory()
        await #expect(throws: DatabaseError.self) {
            try await DatabaseBackup.copy(from: directory.file("missing.sqlite"), to: directory.file("copy.sqlite"))
        }
        #expect(!directory.exists("missing.sqlite"))
        #expect(!directory.exists("copy.sqlite"))
    }
}
