import ATProto
import ATProtoTestKit
import AppTestKit
import FeatureTestKit
import Foundation
import MicroHTTPServer
import Social
import TestKit
import Testing

@testable import GrainStoriesWeb

/// `/mentions` costs an AppView search per keystroke, so it is limited (issue 45,
/// finding 7): per account and per client address (an IPv6 /64 is one client), answered
/// 429 with `Retry-After`, and only a few searches may be out at once, so they hold only
/// their share of the AppView's connections.
@Suite struct MentionLimitTests {
    typealias H = SocialHarness
    static let search = "social.grain.unspecced.searchActorsTypeahead"

    /// Asks `/mentions` `times` times as `browser`; the statuses.
    private func ask(_ browser: CookieJar, times: Int, query: String = "bo") async -> [Int] {
        var statuses: [Int] = []
        for _ in 0..<times { statuses.append(await browser.get("/mentions?q=" + query).status.code) }
        return statuses
    }

    @Test func oneAccountGets20SearchesAtOnceThen429WithRetryAfterThen2ASecond() async throws {
        let h = try await SocialHarness()
        let alice = try await h.signIn(from: "192.0.2.10")
        #expect(await ask(alice, times: 20) == Array(repeating: 200, count: 20))
        let refused = await alice.get("/mentions?q=bo")
        #expect(refused.status == .tooManyRequests)
        #expect(refused.headers["Retry-After"] == "1")
        #expect(refused.headers["Content-Type"] == "application/json")
        #expect(refused.text == #"{"actors":[]}"#, "an empty list the script shows as nothing")
        #expect(h.appView.queryCount(Self.search) == 20, "the refused search never reached the AppView")
        // From another address it is still the same account.
        let elsewhere = try await h.signIn(from: "198.51.100.7")
        #expect(await elsewhere.get("/mentions?q=bo").status == .tooManyRequests)
        // A second later two more are allowed, not three.
        h.clock.advance(1)
        #expect(await ask(alice, times: 3) == [200, 200, 429])
        await h.stop()
    }

    @Test func oneAddressGets30SearchesAtOnceCountingAWholeIPv6Slash64() async throws {
        let h = try await SocialHarness()
        let alice = try await h.signIn(from: "2001:db8:1:2::1")
        let bob = try await h.signIn(.bob, from: "2001:db8:1:2:ffff::9")
        #expect(await ask(alice, times: 20) == Array(repeating: 200, count: 20))
        // Bob has his own 20, but his address shares the /64's 30 with Alice.
        #expect(await ask(bob, times: 11) == Array(repeating: 200, count: 10) + [429])
        let bobNextDoor = try await h.signIn(.bob, from: "2001:db8:1:3::9")
        #expect(await bobNextDoor.get("/mentions?q=bo").status == .ok, "another /64 is another client")
        await h.stop()
    }

    /// At most `maxInFlight` searches are out at once, one per account: past that the
    /// answer is "busy" at once, never a wait on the AppView's connections.
    @Test func searchesBeyondTheirShareOfConnectionsAreTurnedAwayAtOnce() async throws {
        let appView = try StandInAppView(image: [0xFF, 0xD8, 0xFF, 0xD9])
        let http = OutboundHTTP(userAgent: "GrainStoriesTests", insecureHosts: ["127.0.0.1"])
        let typeahead = ActorTypeahead(appView: XRPCClient(baseURL: appView.baseURL, http: http), resolver: nil, timeout: .seconds(60))
        let suggestions = MentionSuggestions(typeahead: typeahead, maxInFlight: 2, now: Date.init)
        appView.holdTypeahead()
        let first = Task { await suggestions.search("al", account: "did:plc:a", client: "192.0.2.1") }
        #expect(await eventually { appView.heldTypeaheadCount == 1 })
        guard case .busy = await suggestions.search("ali", account: "did:plc:a", client: "192.0.2.1") else {
            Issue.record("a second search of the same account waits for nothing")
            return
        }
        let second = Task { await suggestions.search("bo", account: "did:plc:b", client: "192.0.2.2") }
        #expect(await eventually { appView.heldTypeaheadCount == 2 })
        guard case .busy = await suggestions.search("ca", account: "did:plc:c", client: "192.0.2.3") else {
            Issue.record("a third account's search is turned away while two are out")
            return
        }
        #expect(appView.queryCount(Self.search) == 2)
        appView.releaseTypeahead()
        for task in [first, second] {
            guard case .people = await task.value else {
                Issue.record("a held search is answered once released")
                continue
            }
        }
        // The places are free again.
        guard case .people = await suggestions.search("ca", account: "did:plc:c", client: "192.0.2.3") else {
            Issue.record("searches go out again once the others are answered")
            return
        }
        await appView.stop()
        await http.shutdown()
    }
}
