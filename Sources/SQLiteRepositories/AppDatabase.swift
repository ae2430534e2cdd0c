import FoundationEssentials
package import GrainSupport
package import SQLiteStore

/// The one SQLite database in the data directory (`grainstories.sqlite3`, mode 0600,
/// WAL, fully synchronous): every piece of server-side state lives here.
package struct AppDatabase: Sendable {
    package let database: Database

    package static func open(at path: String) async throws(ConfigurationError) -> AppDatabase {
        do {
            return AppDatabase(database: try await Database(path: path, migrations: AppSchema.migrations))
        } catch {
            throw ConfigurationError("the database \(path) cannot be opened: \(error)")
        }
    }

    package func close() async {
        await database.close()
    }
}
