import ATProtoTestKit
import AppTestKit
import CurlHTTPClient
import Foundation
import GrainStoriesWeb
import HTTPTestKit
import PhotoPipeline
import PhotoTestKit
import Testing
import Viewing

/// The server as `serve` builds it (`GrainStoriesApp` over the live edges) must not be talked into connecting
/// to the inside of the network by an address someone typed into a form.
@Suite struct OutboundSafetyTests {
    /// Posts the sign-in form with `pds` as the PDS address.
    private static func signIn(_ app: LiveApp, pds: String) async throws -> HTTPClientResponse {
        let browser = HTTPBrowser(baseURL: app.baseURL)
        let page = try await browser.get("/signin")
        let token = CookieJar.csrfToken(in: page.text) ?? ""
        let response = try await browser.postForm(
            "/signin",
            [
                ("csrf", token), ("identifier", "alice.test"), ("password", FakePDS.Account.alice.password), ("pds", pds),
            ])
        await browser.shutdown()
        #expect(!token.isEmpty, "the sign-in page carried a form token")
        return response
    }

    @Test func aPDSAddressWhoseNameResolvesToLoopbackIsRefusedAtConnectTime() async throws {
        let appView = try StandInAppView(image: try JPEGEncoder.encode(TestImages.photoLike(width: 40, height: 40), quality: 80))
        let listener = try AcceptCountingListener()
        // 127.0.0.1 is listed (the stand-ins live there); "localhost" resolves to the same
        // address through /etc/hosts but is not listed, so it gets the public-only client.
        // Alice's identity names that address as her PDS, so only the address policy stands
        // between the form and the listener.
        let alice = FakePDS.Account.alice
        TestIdentityDirectory.shared.publish(did: alice.did, handle: alice.handle, pds: listener.url(host: "localhost"))
        let app = try await LiveApp.start(appViewURL: appView.baseURL)
        #expect(!app.configuration.insecureHosts.contains("localhost"))
        let response = try await Self.signIn(app, pds: listener.url(host: "localhost"))
        #expect(response.status == 502, "\(response.status): \(response.text.prefix(300))")
        #expect(response.text.contains("could not be reached"))
        #expect(response.headers.values(for: "Set-Cookie").allSatisfy { !$0.hasPrefix("sid=") })
        #expect(listener.acceptedCount == 0, "no TCP connection reached the loopback listener")
        await app.stop()

        // The same request with the host listed does connect: the listener sees it, so the
        // zero above is the address policy and not a listener that cannot be reached.
        let listed = try await LiveApp.start(appViewURL: appView.baseURL) { $0.insecureHosts.insert("localhost:\(listener.port)") }
        _ = try await Self.signIn(listed, pds: listener.url(host: "localhost"))
        #expect(listener.acceptedCount >= 1)
        await listed.stop()
        listener.stop()
        await appView.stop()
    }

    @Test func anImageURLWhoseNameResolvesToLoopbackIsNotFetched() async throws {
        let appView = try StandInAppView(image: try JPEGEncoder.encode(TestImages.photoLike(width: 40, height: 40), quality: 80))
        let listener = try AcceptCountingListener()
        // An avatar URL as the AppView could hand it over: https, a public-looking name,
        // signed by the server like every image URL on its pages.
        let avatar = listener.url(host: "localhost") + "/avatar.jpg"
        let app = try await LiveApp.start(appViewURL: appView.baseURL)
        let path = try #require(app.signer.path(for: avatar))
        let response = try await app.request(path)
        #expect(response.status >= 400, "\(response.status)")
        #expect(response.headers["Content-Type"] != "image/jpeg")
        #expect(listener.acceptedCount == 0, "no TCP connection reached the loopback listener")
        await app.stop()

        let listed = try await LiveApp.start(appViewURL: appView.baseURL) { $0.insecureHosts.insert("localhost:\(listener.port)") }
        let listedPath = try #require(listed.signer.path(for: avatar))
        _ = try await listed.request(listedPath)
        #expect(listener.acceptedCount >= 1, "listed, the same URL is fetched")
        await listed.stop()
        listener.stop()
        await appView.stop()
    }
}
