package import ATProto
package import FoundationEssentials
package import GrainSupport

/// Reverse geocoding and place search through a Nominatim server (reference §5.3),
/// sent as Grain's clients send them, but identified as this server and within
/// Nominatim's usage policy: at most one request per second across the server (the
/// shared `RateLimiter`), answers cached (`GeocodingCache`), a User-Agent naming
/// GrainStories and the operator's contact.
///
/// With no base URL configured every call answers "no suggestion" at once, without
/// touching the network. Failures are logged at debug level and never reach callers.
package struct NominatimClient: PlaceGeocoder {
    /// The server's base URL without a trailing slash; nil when disabled.
    package let baseURL: String?
    /// Sent with every request (Nominatim's policy asks for an identifying agent).
    package let userAgent: String
    package let http: OutboundHTTP
    package let logger: Logger
    package let limiter: RateLimiter
    package let cache: any GeocodingCache
    /// A total per-request timeout: a suggestion is only useful while the form is open.
    package let timeout: Duration
    /// How long an answer with places, and one without, is reused.
    let foundLifetime: TimeInterval
    let notFoundLifetime: TimeInterval
    package let now: @Sendable () -> Date

    /// Larger answers are refused; real ones are a few kilobytes.
    package static let maxResponseBytes = 256 * 1024

    package init(
        baseURL: String?, operatorContact: String, http: OutboundHTTP, logger: Logger,
        limiter: RateLimiter = RateLimiter(), cache: any GeocodingCache = InMemoryGeocodingCache(),
        timeout: Duration = .seconds(4), foundLifetime: TimeInterval = 7 * 24 * 3600, notFoundLifetime: TimeInterval = 3600,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        var base = baseURL?.trimmingWhitespace()
        while base?.hasSuffix("/") == true { base?.removeLast() }
        self.baseURL = base?.isEmpty == false ? base : nil
        userAgent = Self.userAgent(contact: operatorContact)
        self.http = http
        self.logger = logger
        self.limiter = limiter
        self.cache = cache
        self.timeout = timeout
        self.foundLifetime = foundLifetime
        self.notFoundLifetime = notFoundLifetime
        self.now = now
    }

    package var isEnabled: Bool { baseURL != nil }

    package func reverse(latitude: Double, longitude: Double, language: String?) async -> PlaceSuggestion? {
        guard let baseURL else { return nil }
        guard let position = RoundedPosition(latitude: latitude, longitude: longitude) else {
            logger.debug("reverse geocoding skipped: coordinates out of range")
            return nil
        }
        let language = Self.languageTag(language)
        var parameters = [("format", "json"), ("lat", position.latitudeText), ("lon", position.longitudeText), ("addressdetails", "1")]
        if let language { parameters.append(("accept-language", language)) }
        let places = await places(
            for: .reverse(position, language: language), url: Self.url(baseURL, "reverse", parameters), kind: "reverse"
        )
        // The cell comes from the photo's own position, not from Nominatim's lat/lon.
        return places?.first.flatMap { PlaceSuggestion(place: $0, latitude: latitude, longitude: longitude) }
    }

    package func search(_ query: String, language: String?) async -> [PlaceSuggestion] {
        await search(query, language: language, requester: nil)
    }

    package func search(_ query: String, language: String?, requester: String?) async -> [PlaceSuggestion] {
        guard let baseURL, let text = PlaceText.query(query) else { return [] }
        let language = Self.languageTag(language)
        var parameters = [("format", "json"), ("q", text), ("limit", "\(NominatimResponseParser.maxResults)"), ("addressdetails", "1")]
        if let language { parameters.append(("accept-language", language)) }
        let places = await places(for: .search(text, language: language), url: Self.url(baseURL, "search", parameters), kind: "search", requester: requester)
        return (places ?? []).compactMap { place in
            guard let latitude = place.latitude, let longitude = place.longitude else { return nil }
            return PlaceSuggestion(place: place, latitude: latitude, longitude: longitude)
        }
    }

    /// The cached answer for `key`, or a fresh one; nil on any failure (not cached, so
    /// the next photo tries again).
    private func places(for key: GeocodingCacheKey, url: String, kind: String, requester: String? = nil) async -> [NominatimPlace]? {
        if let cached = await cache.places(for: key, at: now()) { return cached }
        guard await limiter.admit(for: requester) != nil else {
            logger.debug("geocoding skipped: rate limit queue full or requester at its share", ["kind": kind])
            return nil
        }
        guard let places = await fetch(url, kind: kind) else { return nil }
        let lifetime = places.isEmpty ? notFoundLifetime : foundLifetime
        await cache.store(places, for: key, until: now().addingTimeInterval(lifetime))
        return places
    }
}
