import Accounts
import Foundation
import OAuthClient
import P256
import Synchronization
import Testing

/// Sign-ins waiting for their callback: taken once, only by the browser that started
/// them, for ten minutes, and bounded so one visitor cannot push out everyone else's.
@Suite struct PendingOAuthSignInsTests {
    final class Clock: Sendable {
        let time = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
        func advance(_ seconds: TimeInterval) { time.withLock { $0 += seconds } }
        var now: Date { time.withLock { $0 } }
    }

    static func entry(_ state: String, browser: String, at time: Date) throws -> PendingOAuthSignIns.Entry {
        let server = AuthorizationServer(
            issuer: "https://as.example", authorizationEndpoint: "https://as.example/a", tokenEndpoint: "https://as.example/t",
            parEndpoint: "https://as.example/p", revocationEndpoint: nil)
        let authorization = PendingAuthorization(
            state: state, pkce: PKCE(), dpopKey: try P256.PrivateKey.generate(), server: server, expectedDID: nil, loginHint: nil, createdAt: time)
        return PendingOAuthSignIns.Entry(authorization: authorization, browser: browser, next: "/x", startedAt: time)
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
}
