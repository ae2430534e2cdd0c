import SQLiteStore
import Testing

@Suite struct DatabaseErrorTests {
    static let secret = "tok_7f3a9c1e5b8d2f40-SECRET"

    private func withDatabase(_ body: (Database) async throws -> Void) async throws {
        let directory = try TempDirectory()
        let database = try await Database(path: directory.file("app.sqlite"))
        try await database.write { connection in
            try connection.execute("CREATE TABLE session(id INTEGER PRIMARY KEY, token TEXT NOT NULL UNIQUE)")
        }
        try await body(database)
        await database.close()
    }

    private func expectNoSecret(_ error: (any Error)?) {
        guard let error else { return }
        #expect(!String(describing: error).contains(Self.secret))
        #expect(!String(reflecting: error).contains(Self.secret))
    }

    @Test func aBindingCountMismatchIsATypedErrorWithTheSQLButNotTheValues() async throws {
        try await withDatabase { database in
            let sql = "INSERT INTO session(token) VALUES (?)"
            let tooMany = await #expect(throws: DatabaseError.self) {
                try await database.write { try $0.execute(sql, [Self.secret, 2]) }
            }
            #expect(tooMany?.code == .range)
            #expect(tooMany?.sql == sql)
            expectNoSecret(tooMany)
            let tooFew = await #expect(throws: DatabaseError.self) {
                try await database.write { try $0.execute("SELECT ?, ?", [Self.secret]) }
            }
            #expect(tooFew?.code == .range)
            expectNoSecret(tooFew)
        }
    }

    @Test func aSyntaxErrorCarriesTheSQLAndSQLitesMessage() async throws {
        try await withDatabase { database in
            let sql = "SELEC token FROM session WHERE token = ?"
            let error = await #expect(throws: DatabaseError.self) {
                try await database.read { try $0.query(sql, [Self.secret]) }
            }
            #expect(error?.code == .error)
            #expect(error?.sql == sql)
            #expect(error?.message.contains("syntax error") == true)
            expectNoSecret(error)
        }
    }

    @Test func aUniqueViolationIsRecognisedAndDoesNotLeakTheValue() async throws {
        try await withDatabase { database in
            let insert = "INSERT INTO session(token) VALUES (?)"
            try await database.write { try $0.execute(insert, [Self.secret]) }
            let error = await #expect(throws: DatabaseError.self) {
                try await database.write { try $0.execute(insert, [Self.secret]) }
            }
            #expect(error?.isConstraintViolation == true)
            #expect(error?.isUniqueViolation == true)
            #expect(error?.extendedCode == .constraintUnique)
            #expect(error?.isBusy == false)
            #expect(error?.sql == insert)
            expectNoSecret(error)
            let notNull = await #expect(throws: DatabaseError.self) {
                try await database.write { try $0.execute(insert, [DatabaseValue.null]) }
            }
            #expect(notNull?.extendedCode == .constraintNotNull)
            #expect(notNull?.isUniqueViolation == false)
        }
    }

    @Test func moreThanOneStatementOrNoneIsRefusedUnlessRunAsAScript() async throws {
        try await withDatabase { database in
            let twoStatements = "DELETE FROM session; DROP TABLE session"
            let error = await #expect(throws: DatabaseError.self) {
                try await database.write { try $0.execute(twoStatements) }
            }
            #expect(error?.code == .misuse)
            #expect(
                await #expect(throws: DatabaseError.self) {
                    try await database.write { try $0.execute("  -- nothing here\n") }
                }?.code == .misuse)
            let stillThere = try await database.read { try $0.query("SELECT * FROM session") }
            #expect(stillThere.isEmpty)
            try await database.write { try $0.executeScript("CREATE TABLE a(x); CREATE TABLE b(y); -- done") }
            let tables = try await database.read { connection in
                try connection.query("SELECT name FROM sqlite_schema WHERE name IN ('a', 'b') ORDER BY name")
                    .map { try $0.string("name") }
            }
            #expect(tables == ["a", "b"])
        }
    }

    @Test func writesInsideAReadAreRefused() async throws {
        try await withDatabase { database in
            let error = await #expect(throws: DatabaseError.self) {
                try await database.read { try $0.execute("INSERT INTO session(token) VALUES ('x')") }
            }
            #expect(error?.code == .readOnly)
            // The connection is writable again afterwards.
            try await database.write { try $0.execute("INSERT INTO session(token) VALUES ('y')") }
        }
    }

    @Test func theDescriptionNamesTheCodeMessageAndSQL() {
        let error = DatabaseError(
            code: .constraint, extendedCode: .constraintUnique, message: "UNIQUE constraint failed: t.x",
            sql: "INSERT INTO t VALUES (?)")
        #expect(error.code == .constraint)
        #expect(error.description.contains("2067"))
        #expect(error.description.contains("UNIQUE constraint failed: t.x"))
        #expect(error.description.contains("INSERT INTO t VALUES (?)"))
        #expect(ResultCode.constraintUnique.primary == .constraint)
    }
}
