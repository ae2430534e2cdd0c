import Foundation
public import SQLiteStore
public import GrainSupport

/// The one SQLite database in the data directory (`grainstories.sqlite3`, mode 0600,
/// WAL, fully synchronous): every piece of server-side state lives here.
public struct AppDatabase: Sendable {
    public let database: Database

    public static func open(at path: String) async throws(ConfigurationError) -> AppDatabase {
        do {
            return AppDatabase(database: try await Database(path: path, migrations: AppSchema.migrations))
        } catch {
            throw ConfigurationError("the database \(path) cannot be opened: \(error)")
        }
    }

    public func close() async {
        await database.close()
    }
}
