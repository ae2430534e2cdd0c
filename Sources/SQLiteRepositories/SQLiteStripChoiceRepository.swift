package import ATProto
import SQLiteStore
package import Social

/// `StripChoiceRepository` over the `strip_choice` table: one row per account that chose.
package struct SQLiteStripChoiceRepository: StripChoiceRepository {
    let database: Database

    package init(database: AppDatabase) { self.database = database.database }

    package func choice(for did: DID) async throws -> StripChoice? {
        try await database.read { db in
            try db.query("SELECT choice FROM strip_choice WHERE did = ?", [did]).first
                .flatMap { StripChoice(rawValue: try $0.string("choice")) }
        }
    }

    package func setChoice(_ choice: StripChoice, for did: DID) async throws {
        try await database.write { db in
            try db.execute(
                """
                INSERT INTO strip_choice (did, choice) VALUES (?, ?)
                ON CONFLICT(did) DO UPDATE SET choice = excluded.choice
                """, [did, choice.rawValue])
        }
    }
}
