import ATProto
import ATProtoTestKit
import AppTestKit
import FeatureTestKit
import Foundation
import MicroHTTPServer
import Testing

@testable import GrainStoriesWeb

/// `/tv?for=` while the PLC directory is down: the account's identity cannot be
/// resolved, so whom it follows is asked of Grain's AppView (`getFollowing`, the handle
/// found through its profile), as the signed-in strip does while a PDS is down. Only a
/// name that does not exist is "No such account".
@Suite struct TVFollowFallbackTests {
    static let maya = "did:plc:hbrpoigf3cbfnobm2o4rak3v"
    static let erin = "did:plc:zrenun7z5jqipq3zxoi7fdhj"

    @Test func withThePLCDirectoryDownTVStillPlaysThePeopleTheAccountFollows() async throws {
        let pds = try FakePDS()
        try pds.seedGraph(follows: [DID(Self.maya)!, DID(Self.erin)!])
        let appView = try StandInAppView(image: [0xFF, 0xD8, 0xFF, 0xD9])
        appView.indexFollows(from: pds, accounts: [.alice])
        appView.indexStories(from: pds, accounts: [.alice])
        let alice = FakePDS.Account.alice
        // Alice's handle still resolves; the PLC directory answers her DID with a 503.
        TestIdentityDirectory.shared.publish(did: alice.did, handle: alice.handle, pds: pds.baseURL, document: .status(503, #"{"error":"Unavailable"}"#))
        let http = OutboundHTTP(userAgent: "GrainStoriesTests", insecureHosts: ["127.0.0.1"])
        let app = try await AppHarness(edges: { edges in
            edges.following = AppViewFollowing(client: AppViewClient(xrpc: XRPCClient(baseURL: appView.baseURL, http: http)))
        })
        let byHandle = await app.respond("/tv?for=alice.test")
        let byDID = await app.respond("/tv?for=\(alice.did)")
        let nobody = await app.respond("/tv?for=nobody.test")
        await app.shutdown()
        // Alice's document is whole again for the tests after this one.
        TestIdentityDirectory.shared.publish(did: alice.did, handle: alice.handle, pds: pds.baseURL)
        await appView.stop()
        await http.shutdown()
        pds.stop()

        #expect(byHandle.status == .ok, "\(byHandle.text)")
        #expect(TVPageTests.story(byHandle.text) == "\(Self.maya)/3muojebufwseb")
        #expect(byHandle.text.contains("<span class=\"tv-person\">1 of 2</span>"), "Maya and Erin")
        #expect(!byHandle.text.contains("Kenji Sato"), "only the people Alice follows")
        #expect(TVPageTests.story(byDID.text) == "\(Self.maya)/3muojebufwseb")
        #expect(appView.queryCount("social.grain.unspecced.getFollowing") >= 1)
        #expect(nobody.status == .notFound)
        #expect(nobody.text.contains("No account called nobody.test was found"))
    }
}
