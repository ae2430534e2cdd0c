package import FoundationEssentials
package import Geocoding
import SQLiteStore

/// Geocoding answers kept in the database, so a restart does not send the same
/// questions to Nominatim again.
package struct SQLiteGeocodingCache: GeocodingCache {
    let database: Database

    package init(database: AppDatabase) { self.database = database.database }

    package func places(for key: GeocodingCacheKey, at date: Date) async -> [NominatimPlace]? {
        let now = Int64(date.timeIntervalSince1970)
        let rows =
            (try? await database.read { db in
                try db.query("SELECT value FROM geocoding_cache WHERE key = ? AND expires_at > ?", [key.rawValue, now])
            }) ?? []
        guard let row = rows.first else { return nil }
        guard let value = try? row.optionalString("value") else { return [] }
        return try? JSONDecoder().decode([NominatimPlace].self, from: Data(value.utf8))
    }

    package func store(_ places: [NominatimPlace], for key: GeocodingCacheKey, until expiry: Date) async {
        let value = places.isEmpty ? nil : (try? JSONEncoder().encode(places)).map { String(decoding: $0, as: UTF8.self) }
        let expires = Int64(expiry.timeIntervalSince1970)
        _ = try? await database.write { db in
            try db.execute("INSERT OR REPLACE INTO geocoding_cache (key, value, expires_at) VALUES (?, ?, ?)", [key.rawValue, value, expires])
            try db.execute("DELETE FROM geocoding_cache WHERE expires_at < ?", [expires - 30 * 86_400])
        }
    }
}
