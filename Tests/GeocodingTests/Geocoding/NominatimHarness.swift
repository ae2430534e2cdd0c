import ATProtoTestKit
import LoggingTestKit
import TestKit

@testable import ATProto
@testable import Geocoding

/// A stand-in Nominatim, an outgoing HTTP client allowed to reach it, a manual clock
/// driving both the rate limiter and the cache, and captured logs.
struct NominatimHarness {
    let server: StandInNominatim
    let http: OutboundHTTP
    let clock = ManualClock()
    let cache = InMemoryGeocodingCache()
    let logs = LogCapture()

    /// A limiter whose sleeps move the manual clock instead of waiting.
    let limiter: RateLimiter

    init() throws {
        server = try StandInNominatim()
        http = OutboundHTTP(userAgent: "GrainStoriesTests", insecureHosts: ["127.0.0.1"])
        let clock = self.clock
        limiter = RateLimiter(now: { clock.now }, sleep: { clock.advance(to: $0) })
    }

    func client(
        baseURL: String? = nil, contact: String = "alice@example.org", limiter: RateLimiter? = nil, timeout: Duration = .seconds(4)
    ) -> NominatimClient {
        let clock = self.clock
        return NominatimClient(
            baseURL: baseURL ?? server.baseURL, operatorContact: contact, http: http, logger: logs.logger(),
            limiter: limiter ?? self.limiter, cache: cache, timeout: timeout, now: { clock.date }
        )
    }

    var requestCount: Int { server.requests.count }

    func stop() async {
        await http.shutdown()
        await server.stop()
    }

    /// Runs `body` with a fresh harness and always stops it.
    static func run(_ body: (NominatimHarness) async throws -> Void) async throws {
        let harness = try NominatimHarness()
        do {
            try await body(harness)
        } catch {
            await harness.stop()
            throw error
        }
        await harness.stop()
    }
}
