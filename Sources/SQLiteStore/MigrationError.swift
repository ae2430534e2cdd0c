/// Opening a database failed because of its schema version or a migration.
package enum MigrationError: Error, CustomStringConvertible {
    /// The list of migrations is malformed (a programming error): versions not
    /// positive, not strictly ascending, or beyond SQLite's 32-bit `user_version`.
    case invalidMigrations(String)
    /// The file was written by a newer version of the application. It is left exactly
    /// as it was; running older code against it could damage data it does not know.
    case databaseIsNewer(databaseVersion: Int, latestKnownVersion: Int)
    /// A migration threw; its transaction was rolled back, so the database stays at the
    /// previous version. `underlying` is usually a `DatabaseError`.
    case migrationFailed(version: Int, name: String, underlying: any Error)

    package var description: String {
        switch self {
        case .invalidMigrations(let reason):
            "invalid migration list: \(reason)"
        case .databaseIsNewer(let databaseVersion, let latestKnownVersion):
            "the database has schema version \(databaseVersion), newer than the latest this program knows "
                + "(\(latestKnownVersion)); refusing to open it"
        case .migrationFailed(let version, let name, let underlying):
            "migration \(version) (\(name)) failed and was rolled back: \(underlying)"
        }
    }
}
