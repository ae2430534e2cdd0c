import ATProtoTestKit
import AppTestKit
import Foundation
import PhotoPipeline
import PhotoTestKit
import TestKit
import Testing

@testable import ATProto
@testable import GrainStoriesWeb

/// `--handle-resolver-url` reaches the resolver the running server uses. The fallback is
/// asked directly: the DNS and well-known lookups before it would leave this machine.
@Suite struct HandleResolverConfigurationTests {
    @Test func theHandleResolverFallbackGoesToTheConfiguredService() async throws {
        let identity = try StandInIdentityServer()
        let appView = try StandInAppView(image: try JPEGEncoder.encode(TestImages.photoLike(width: 40, height: 40), quality: 80))
        let did = FakePDS.Account.alice.did
        identity.setResolvedHandle(.json("{\"did\":\"\(did)\"}"), for: "alice.test")
        guard
            case .run(let configuration) = try AppConfiguration.load(
                arguments: [
                    "--host", "127.0.0.1", "--port", "0", "--data-dir", ProjectPaths.temporaryDirectory("resolver"),
                    "--templates-dir", ProjectPaths.templates, "--public-dir", ProjectPaths.publicFiles, "--nominatim-url", "",
                    "--appview-url", appView.baseURL,
                ],
                environment: ["GRAIN_STORIES_HANDLE_RESOLVER_URL": identity.resolverURL, "GRAIN_STORIES_INSECURE_HOSTS": "127.0.0.1"]
            )
        else {
            Issue.record("expected a configuration")
            return
        }
        let app = try await LiveApp.start(appViewURL: appView.baseURL) { $0 = configuration }
        let resolver = try #require(app.identity as? IdentityResolver)
        #expect(resolver.handles.resolverURL == identity.resolverURL)
        let resolution = try await resolver.handles.resolveThroughService(
            "alice.test", baseURL: resolver.handles.resolverURL, serviceName: "The handle resolver", method: .resolver
        )
        #expect(resolution.did.rawValue == did)
        #expect(identity.requests(.resolveHandle) == ["alice.test"], "the configured stand-in was asked")
        await app.stop()
        await appView.stop()
        await identity.stop()
    }
}
