package import ATProto
package import Geocoding
package import GrainSupport

extension NominatimClient {
    /// The client for the configured `nominatimURL` and `operatorContact`.
    package init(
        configuration: AppConfiguration, http: OutboundHTTP, logger: Logger, limiter: RateLimiter = RateLimiter(),
        cache: any GeocodingCache = InMemoryGeocodingCache()
    ) {
        self.init(
            baseURL: configuration.nominatimURL, operatorContact: configuration.operatorContact,
            http: http, logger: logger, limiter: limiter, cache: cache)
    }
}
