import ATProtoTestKit
import TestKit
import Testing

@testable import ATProto
@testable import GrainStoriesWeb

/// The web layer's wiring of the identity resolver: the live resolver built from the
/// configuration talks to the configured PLC directory and handle resolver.
@Suite struct LiveIdentityResolverTests {
    @Test func liveResolverUsesTheConfiguredServices() async throws {
        try await IdentityHarness.with { harness in
            harness.publishPLC(IdentityHarness.alice, handles: [])
            var configuration = AppConfiguration()
            configuration.plcURL = harness.stand.plcURL + "/"
            configuration.handleResolverURL = harness.stand.resolverURL
            let live = IdentityResolver.live(configuration: configuration, http: harness.http)
            #expect(live.handles.resolverURL == harness.stand.resolverURL)
            let identity = try await withDeadline(IdentityHarness.bound) {
                try? await live.resolve(identifier: IdentityHarness.alice)
            }
            #expect(identity?.pdsURL == harness.stand.baseURL)
            #expect(harness.stand.requests(.plc) == [IdentityHarness.alice])
        }
    }
}
