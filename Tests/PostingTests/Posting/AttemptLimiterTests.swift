import Foundation
import TestKit
import Testing

@testable import Accounts
@testable import Posting
@testable import Social

/// The sign-in limiter on its own, with a manual clock: only failures count, per key,
/// within a sliding window, in bounded memory.
@Suite struct AttemptLimiterTests {
    @Test func failuresWithinTheWindowLimitAKeyUntilTheyAge() async {
        let clock = ManualClock()
        let limiter = AttemptLimiter(limit: 3, window: 60, now: { clock.date })
        let key = AttemptLimiter.key(client: "192.0.2.7", account: "alice.test")
        for _ in 0..<3 {
            #expect(await !limiter.isLimited(key))
            await limiter.recordFailure(key)
        }
        #expect(await limiter.isLimited(key))
        #expect(await !limiter.isLimited(AttemptLimiter.key(client: "192.0.2.7", account: "bob.test")))
        #expect(await !limiter.isLimited(AttemptLimiter.key(client: "192.0.2.8", account: "alice.test")))
        #expect(await limiter.isLimited(AttemptLimiter.key(client: "192.0.2.7", account: "Alice.Test")))
        clock.advance(by: .seconds(61))
        #expect(await !limiter.isLimited(key))
    }

    @Test func aSuccessClearsTheFailures() async {
        let limiter = AttemptLimiter(limit: 2, window: 60)
        await limiter.recordFailure("k")
        await limiter.recordFailure("k")
        #expect(await limiter.isLimited("k"))
        await limiter.recordSuccess("k")
        #expect(await !limiter.isLimited("k"))
    }

    @Test func endlessKeysKeepTheMostRecentFailuresWithinBounds() async {
        let clock = ManualClock()
        let limiter = AttemptLimiter(limit: 1, window: 600, maxKeys: 100, now: { clock.date })
        await limiter.recordFailure("target")
        clock.advance(by: .seconds(1))
        for index in 0..<50 { await limiter.recordFailure("other-\(index)") }
        #expect(await limiter.isLimited("target"), "a few other keys do not push it out")
        for index in 50..<1000 { await limiter.recordFailure("other-\(index)") }
        var kept = 0
        for index in 0..<1000 where await limiter.isLimited("other-\(index)") { kept += 1 }
        #expect(kept <= 100)
        #expect(await limiter.isLimited("other-999"))
    }
}
