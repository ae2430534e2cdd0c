/// One step of the application's schema history.
///
/// Migrations are applied in ascending `version` order when a `Database` opens, each in
/// its own `BEGIN IMMEDIATE` transaction together with the `PRAGMA user_version` bump,
/// so a migration either applies completely or not at all. Once released, a migration
/// must never change: add a new one instead.
///
/// Migration bodies run inside a transaction, so they must not begin or end one, and
/// `PRAGMA foreign_keys` cannot be switched off in them (SQLite ignores it there).
package struct Migration: Sendable {
    /// What a migration does.
    enum Body: Sendable {
        case sql(String)
        case closure(@Sendable (Connection) throws -> Void)
    }

    /// The schema version this migration brings the database to; positive and unique.
    package let version: Int
    /// A short human-readable name, reported if the migration fails.
    package let name: String
    let body: Body

    /// A migration made of SQL statements, run as a script (several statements allowed).
    package init(version: Int, name: String, sql: String) {
        self.version = version
        self.name = name
        self.body = .sql(sql)
    }

    /// A migration that runs Swift code, for data changes SQL alone cannot express.
    package init(version: Int, name: String, _ apply: @escaping @Sendable (Connection) throws -> Void) {
        self.version = version
        self.name = name
        self.body = .closure(apply)
    }

    /// Runs the body on `connection`; the caller owns the transaction.
    func apply(to connection: Connection) throws {
        switch body {
        case .sql(let sql): try connection.executeScript(sql)
        case .closure(let apply): try apply(connection)
        }
    }
}
