import ATProto
import ATProtoTestKit
import AppTestKit
import FeatureTestKit
import Foundation
import MicroHTTPServer
import Testing
import Viewing

@testable import GrainStoriesWeb

/// The application with a fake PDS (Alice and Bob), the stand-in AppView for comments,
/// the fixtures' stories and a clock the test moves (for retries).
final class SocialHarness: Sendable {
    let pds: FakePDS
    let appView: StandInAppView
    let app: AppHarness
    let clock = TestDateClock(AppHarness.fixtureNow)
    let http = OutboundHTTP(userAgent: "GrainStoriesTests", insecureHosts: ["127.0.0.1"])

    static let maya: DID = "did:plc:hbrpoigf3cbfnobm2o4rak3v"
    /// Maya's first live story in the fixtures.
    static let storyRKey = "3muojebufwseb"
    static var storyURI: String { "at://\(maya.rawValue)/social.grain.story/\(storyRKey)" }
    static var storyPath: String { "/profile/mayaokafor.bsky.social/story/\(storyRKey)" }
    static var commentsPath: String { storyPath + "/comments" }
    static var favoritePath: String { storyPath + "/favorite" }

    init(library: FakeStoryLibrary = .fixtureScenario()) async throws {
        pds = try FakePDS(accounts: [.alice, .bob])
        appView = try StandInAppView(image: [0xFF, 0xD8, 0xFF, 0xD9])
        let threads = StandInCommentThreads(baseURL: appView.baseURL, http: http)
        let clock = self.clock
        let appViewURL = appView.baseURL
        let http = self.http
        app = try await AppHarness(
            library: library,
            edges: { edges in
                edges.comments = threads
                edges.actorSearch = ActorTypeahead(
                    appView: XRPCClient(baseURL: appViewURL, http: http), resolver: XRPCClient(baseURL: TestIdentityDirectory.shared.resolverURL, http: http))
                edges.now = { clock.now }
            })
    }

    /// A browser with `account` signed in, whose requests come from `address`.
    func signIn(_ account: FakePDS.Account = .alice, from address: String = "") async throws -> CookieJar {
        let browser = CookieJar(app, remoteAddress: address)
        let response = await browser.signIn(identifier: account.handle, password: account.password, pds: pds.baseURL)
        #expect(response.status == .seeOther, "\(account.handle) signed in")
        return browser
    }

    /// A comment by `author` on Maya's story, `minutesAgo` before the fixtures' now.
    func addComment(
        _ text: String, by author: FakePDS.Account = .bob, rkey: String, minutesAgo: Double, displayName: String? = nil, facets: String? = nil
    ) {
        appView.addComment(
            StandInComment(
                uri: "at://\(author.did)/social.grain.comment/\(rkey)", subject: Self.storyURI, authorDID: author.did, handle: author.handle,
                displayName: displayName, text: text, facetsJSON: facets, createdAt: AppHarness.fixtureNow.addingTimeInterval(-minutesAgo * 60)))
    }

    func stop() async {
        await app.shutdown()
        await appView.stop()
        await http.shutdown()
        pds.stop()
    }
}
