import Foundation
import SQLiteStore
import Testing

@Suite struct MigrationTests {
    struct Refused: Error {}

    static let base = [
        Migration(version: 1, name: "create log", sql: "CREATE TABLE log(id INTEGER PRIMARY KEY, entry TEXT NOT NULL);"),
        Migration(version: 2, name: "first entry", sql: "INSERT INTO log(entry) VALUES ('two');"),
        Migration(version: 3, name: "second entry") { connection in
            try connection.execute("INSERT INTO log(entry) VALUES (?)", ["three"])
        },
    ]

    private func entries(_ database: Database) async throws -> [String] {
        try await database.read { try $0.query("SELECT entry FROM log ORDER BY id").map { try $0.string("entry") } }
    }

    private func userVersion(_ database: Database) async throws -> Int? {
        try await database.read { try $0.queryOne("PRAGMA user_version")?.int(0) }
    }

    @Test func migrationsApplyOnceInOrderAndSurviveReopening() async throws {
        let directory = try TempDirectory()
        let path = directory.file("app.sqlite")
        let first = try await Database(path: path, migrations: Self.base)
        #expect(try await entries(first) == ["two", "three"])
        #expect(try await userVersion(first) == 3)
        await first.close()

        let again = try await Database(path: path, migrations: Self.base)
        #expect(try await entries(again) == ["two", "three"])
        await again.close()

        let extended = Self.base + [Migration(version: 5, name: "third entry", sql: "INSERT INTO log(entry) VALUES ('five')")]
        let upgraded = try await Database(path: path, migrations: extended)
        #expect(try await entries(upgraded) == ["two", "three", "five"])
        #expect(try await userVersion(upgraded) == 5)
        await upgraded.close()
    }

    @Test func aFailingSQLMigrationRollsBackAndNamesItself() async throws {
        let directory = try TempDirectory()
        let path = directory.file("app.sqlite")
        let broken = [
            Self.base[0],
            Migration(
                version: 2, name: "half broken",
                sql: "CREATE TABLE extra(x); INSERT INTO log(entry) VALUES ('two'); INSERT INTO missing VALUES (1);"),
        ]
        let error = await #expect(throws: MigrationError.self) { try await Database(path: path, migrations: broken) }
        guard case .migrationFailed(let version, let name, let underlying) = error else {
            Issue.record("expected migrationFailed, got \(String(describing: error))")
            return
        }
        #expect(version == 2)
        #expect(name == "half broken")
        #expect((underlying as? DatabaseError)?.sql == "INSERT INTO missing VALUES (1);")

        let reopened = try await Database(path: path, migrations: [Self.base[0]])
        #expect(try await userVersion(reopened) == 1)
        #expect(try await entries(reopened).isEmpty)
        let extra = try await reopened.read {
            try $0.queryOne("SELECT count(*) FROM sqlite_schema WHERE name = 'extra'")?.int(0)
        }
        #expect(extra == 0)
        await reopened.close()
    }

    @Test func aThrowingClosureMigrationRollsBack() async throws {
        let directory = try TempDirectory()
        let path = directory.file("app.sqlite")
        let broken = [
            Self.base[0],
            Migration(version: 2, name: "gives up") { connection in
                try connection.execute("INSERT INTO log(entry) VALUES ('partial')")
                throw Refused()
            },
        ]
        let error = await #expect(throws: MigrationError.self) { try await Database(path: path, migrations: broken) }
        guard case .migrationFailed(2, "gives up", let underlying) = error else {
            Issue.record("expected migration 2 to fail, got \(String(describing: error))")
            return
        }
        #expect(underlying is Refused)
        let reopened = try await Database(path: path, migrations: [Self.base[0]])
        #expect(try await userVersion(reopened) == 1)
        #expect(try await entries(reopened).isEmpty)
        await reopened.close()
    }

    @Test func aDatabaseFromNewerCodeIsRefusedWithoutChangingIt() async throws {
        let directory = try TempDirectory()
        let path = directory.file("app.sqlite")
        let newer = try await Database(path: path, migrations: Self.base)
        await newer.close()
        let before = try Data(contentsOf: URL(fileURLWithPath: path))

        let error = await #expect(throws: MigrationError.self) {
            try await Database(path: path, migrations: Array(Self.base.prefix(2)))
        }
        guard case .databaseIsNewer(3, 2) = error else {
            Issue.record("expected databaseIsNewer(3, 2), got \(String(describing: error))")
            return
        }
        #expect(String(describing: error).contains("newer"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)

        let current = try await Database(path: path, migrations: Self.base)
        #expect(try await entries(current) == ["two", "three"])
        await current.close()
    }

    @Test func malformedMigrationListsAreRejectedBeforeOpening() async throws {
        let directory = try TempDirectory()
        let lists: [[Migration]] = [
            [Self.base[1], Self.base[0]],
            [Self.base[0], Self.base[0]],
            [Migration(version: 0, name: "zero", sql: "SELECT 1")],
            [Migration(version: Int(Int32.max) + 1, name: "huge", sql: "SELECT 1")],
        ]
        for list in lists {
            let error = await #expect(throws: MigrationError.self) {
                try await Database(path: directory.file("app.sqlite"), migrations: list)
            }
            guard case .invalidMigrations = error else {
                Issue.record("expected invalidMigrations, got \(String(describing: error))")
                continue
            }
        }
        #expect(!directory.exists("app.sqlite"))
    }
}
