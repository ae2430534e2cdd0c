package import FoundationEssentials

/// Where geocoding answers are kept between requests, so a place is asked of
/// Nominatim once rather than for every photo taken there (its usage policy asks
/// clients to cache).
///
/// An empty list is a cached negative answer ("nothing here"), stored for a shorter
/// time than a positive one. Expiry uses wall-clock dates so a persistent
/// implementation keeps its meaning across restarts. Implementations must be safe to
/// call concurrently; they never throw: a cache that cannot answer simply misses.
package protocol GeocodingCache: Sendable {
    /// The places stored under `key` if they have not expired at `now`; nil for a miss.
    func places(for key: GeocodingCacheKey, at now: Date) async -> [NominatimPlace]?

    /// Stores `places` (possibly empty) under `key` until `expiry`, replacing any entry.
    func store(_ places: [NominatimPlace], for key: GeocodingCacheKey, until expiry: Date) async
}
