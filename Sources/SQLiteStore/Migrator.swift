/// Applies a validated list of migrations, tracked with `PRAGMA user_version`.
///
/// The version lives in the database header, which SQLite updates in the same
/// transaction as the migration, so there is no separate bookkeeping table to get out
/// of step with the schema.
struct Migrator: Sendable {
    let migrations: [Migration]

    /// Validates `migrations`, which must be listed in ascending version order.
    init(_ migrations: [Migration]) throws(MigrationError) {
        var previous = 0
        for migration in migrations {
            guard migration.version > previous else {
                throw .invalidMigrations(
                    "version \(migration.version) (\(migration.name)) must be positive and greater than \(previous)")
            }
            guard migration.version <= Int(Int32.max) else {
                throw .invalidMigrations("version \(migration.version) does not fit PRAGMA user_version")
            }
            previous = migration.version
        }
        self.migrations = migrations
    }

    /// The version a fully migrated database has.
    var latestVersion: Int { migrations.last?.version ?? 0 }

    /// Refuses a database written by newer code, before anything writes to it.
    func checkVersion(of connection: Connection) throws {
        let version = try connection.userVersion()
        guard version <= latestVersion else {
            throw MigrationError.databaseIsNewer(databaseVersion: version, latestKnownVersion: latestVersion)
        }
    }

    /// Applies the migrations the database does not have yet, oldest first.
    ///
    /// The version is read again inside each write transaction, so a second process
    /// migrating the same file at the same time makes this one skip what it applied.
    func migrate(_ connection: Connection) throws {
        let current = try connection.userVersion()
        for migration in migrations where migration.version > current {
            do {
                try connection.inTransaction(.immediate) { connection in
                    let version = try connection.userVersion()
                    guard version < migration.version else { return }
                    try migration.apply(to: connection)
                    try connection.execute("PRAGMA user_version = \(migration.version)")
                }
            } catch {
                throw MigrationError.migrationFailed(version: migration.version, name: migration.name, underlying: error)
            }
        }
    }
}
