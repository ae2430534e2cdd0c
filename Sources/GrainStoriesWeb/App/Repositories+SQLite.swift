package import GrainSupport
import SQLiteRepositories

extension Repositories {
    /// The SQLite adapter: every repository over the one database file at `path`
    /// (created and migrated on first open).
    package static func sqlite(at path: String) async throws(ConfigurationError) -> Repositories {
        let database = try await AppDatabase.open(at: path)
        return Repositories(
            sessions: SQLiteSessionRepository(database: database),
            drafts: SQLiteDraftRepository(database: database),
            socialWrites: SQLiteSocialWriteRepository(database: database),
            stripChoices: SQLiteStripChoiceRepository(database: database),
            hiddenAuthors: SQLiteHiddenAuthorRepository(database: database),
            seen: SQLiteSeenRepository(database: database),
            geocodingCache: SQLiteGeocodingCache(database: database),
            activity: SQLiteActivityRepository(database: database),
            pushSubscriptions: SQLitePushSubscriptionRepository(database: database),
            close: { await database.close() }
        )
    }
}
