import ATProto
import Geocoding
import GrainStoriesWeb
import GrainSupport
import Testing

/// The web layer's wiring of the geocoder: a configuration without a Nominatim URL gives a
/// disabled client that answers nothing.
@Suite struct NominatimConfigurationTests {
    @Test func aConfigurationWithoutNominatimGivesADisabledClient() async {
        let http = OutboundHTTP(userAgent: "GrainStoriesTests", insecureHosts: [])
        var configuration = AppConfiguration()
        configuration.nominatimURL = nil
        let configured = NominatimClient(configuration: configuration, http: http, logger: Logger(level: .error) { _ in })
        #expect(!configured.isEnabled)
        #expect(await configured.search("Powell's").isEmpty)
        await http.shutdown()
    }
}
