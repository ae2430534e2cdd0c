import Accounts
import Foundation
import OAuthClient
import P256
import Synchronization
import Testing

/// Sign-ins waiting for their callback: taken once, only by the browser that started
/// them, for ten minutes, and bounded so a flood pushes out only its own: per browser,
/// per client network, and when full at the expense of the network holding the most.
@Suite struct PendingOAuthSignInsTests {
    final class Clock: Sendable {
        let time = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
        func advance(_ seconds: TimeInterval) { time.withLock { $0 += seconds } }
        var now: Date { time.withLock { $0 } }
    }

    static func entry(_ state: String, browser: String, network: String? = nil, at time: Date) throws -> PendingOAuthSignIns.Entry {
        let server = AuthorizationServer(
            issuer: "https://as.example", authorizationEndpoint: "https://as.example/a", tokenEndpoint: "https://as.example/t",
            parEndpoint: "https://as.example/p", revocationEndpoint: nil)
        let authorization = PendingAuthorization(
            state: state, pkce: PKCE(), dpopKey: try P256.PrivateKey.generate(), server: server, expectedDID: nil, loginHint: nil, createdAt: time)
        return PendingOAuthSignIns.Entry(authorization: authorization, browser: browser, network: network ?? browser, next: "/x", startedAt: time)
    }

    @Test func aSignInIsTakenOnceAndOnlyByItsBrowserWithinTenMinutes() async throws {
        let clock = Clock()
        let pending = PendingOAuthSignIns(now: { clock.now })
        await pending.add(try Self.entry("s1", browser: "b1", at: clock.now))
        #expect(await pending.take(state: "s1", browser: "someone else") == nil)
        #expect(await pending.take(state: "s1", browser: "b1")?.next == "/x", "another browser's try left it in place")
        #expect(await pending.take(state: "s1", browser: "b1") == nil, "once")
        await pending.add(try Self.entry("s2", browser: "b1", at: clock.now))
        clock.advance(PendingOAuthSignIns.lifetime)
        #expect(await pending.take(state: "s2", browser: "b1") == nil, "expired")
    }

    @Test func oneBrowserKeepsItsNewestFewAndTheWholeIsBounded() async throws {
        let clock = Clock()
        let pending = PendingOAuthSignIns(capacity: 10, perBrowser: 4, now: { clock.now })
        for index in 0..<6 {
            clock.advance(1)
            await pending.add(try Self.entry("a\(index)", browser: "flooder", at: clock.now))
        }
        #expect(await pending.count == 4)
        #expect(await pending.take(state: "a0", browser: "flooder") == nil, "the oldest went")
        #expect(await pending.take(state: "a5", browser: "flooder") != nil)
        for index in 0..<12 {
            clock.advance(1)
            await pending.add(try Self.entry("c\(index)", browser: "browser\(index)", at: clock.now))
        }
        #expect(await pending.count == 10)
        #expect(await pending.take(state: "c11", browser: "browser11") != nil, "the newest is kept")
    }

    /// The attack of issue 45: a person starts signing in, then 106 addresses start 20
    /// sign-ins each. Their one sign-in survives; the flood evicts its own.
    @Test func aFloodFromManyNetworksNeverPushesOutAWaitingSignIn() async throws {
        let clock = Clock()
        let pending = PendingOAuthSignIns(capacity: 2000, now: { clock.now })
        await pending.add(try Self.entry("person", browser: "their-browser", network: "198.51.100.7", at: clock.now))
        for address in 0..<106 {
            for start in 0..<20 {
                clock.advance(0.01)
                await pending.add(try Self.entry("f\(address)-\(start)", browser: "b\(address)-\(start / 4)", network: "203.0.113.\(address)", at: clock.now))
            }
        }
        #expect(await pending.count == 2000)
        #expect(await pending.take(state: "person", browser: "their-browser") != nil)
    }

    /// Full of networks that each hold several, a newcomer's own network loses first,
    /// then the network holding the most; one holding a single sign-in is left alone.
    @Test func whenFullTheNetworkHoldingTheMostLosesItsOldest() async throws {
        let clock = Clock()
        let pending = PendingOAuthSignIns(capacity: 6, perBrowser: 10, now: { clock.now })
        func add(_ state: String, _ network: String) async throws {
            clock.advance(1)
            await pending.add(try Self.entry(state, browser: state, network: network, at: clock.now))
        }
        try await add("lone", "n0")
        for index in 0..<3 { try await add("big\(index)", "n1") }
        for index in 0..<2 { try await add("mid\(index)", "n2") }
        try await add("big3", "n1")
        #expect(await pending.count == 6)
        #expect(await pending.take(state: "big0", browser: "big0") == nil, "its own network's oldest went")
        // n2 then holds as many as n1 with the newcomer: the newcomer's own network loses.
        try await add("mid2", "n2")
        #expect(await pending.take(state: "mid0", browser: "mid0") == nil)
        // A network with none: the one holding the most (n1) loses its oldest.
        try await add("new", "n3")
        #expect(await pending.take(state: "big1", browser: "big1") == nil)
        #expect(await pending.take(state: "lone", browser: "lone") != nil, "a network with one sign-in is never the one to lose")
        #expect(await pending.take(state: "mid1", browser: "mid1") != nil)
        #expect(await pending.take(state: "new", browser: "new") != nil)
    }

    /// One network keeps at most its share, its oldest going first.
    @Test func oneNetworkKeepsItsNewestShare() async throws {
        let clock = Clock()
        let pending = PendingOAuthSignIns(capacity: 100, perBrowser: 100, perNetwork: 3, now: { clock.now })
        for index in 0..<5 {
            clock.advance(1)
            await pending.add(try Self.entry("s\(index)", browser: "b\(index)", network: "2001:db8::/64", at: clock.now))
        }
        #expect(await pending.count == 3)
        #expect(await pending.take(state: "s1", browser: "b1") == nil)
        #expect(await pending.take(state: "s2", browser: "b2") != nil)
    }
}
