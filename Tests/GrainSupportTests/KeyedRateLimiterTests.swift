import Foundation
import Synchronization
import Testing

@testable import GrainSupport

/// Token buckets per key, taken from several keys at once or from none.
@Suite struct KeyedRateLimiterTests {
    /// A wall clock moved by hand.
    final class Clock: Sendable {
        private let value = Mutex(Date(timeIntervalSince1970: 1_788_544_800))
        var now: Date { value.withLock { $0 } }
        func advance(_ seconds: TimeInterval) { value.withLock { $0 = $0.addingTimeInterval(seconds) } }
    }

    static let rule = KeyedRateLimiter.Rule(burst: 3, perSecond: 0.5)

    @Test func aBurstPassesThenTheRefillRateAndARefusalSaysHowLongToWait() {
        let clock = Clock()
        let limiter = KeyedRateLimiter(now: { clock.now })
        for _ in 0..<3 { #expect(limiter.take([("a", Self.rule)]) == nil) }
        #expect(limiter.take([("a", Self.rule)]) == .seconds(2), "one more comes in 2 s at 0.5/s")
        #expect(limiter.take([("b", Self.rule)]) == nil, "another key has its own bucket")
        clock.advance(1)
        #expect(limiter.take([("a", Self.rule)]) == .seconds(1))
        clock.advance(1)
        #expect(limiter.take([("a", Self.rule)]) == nil)
        clock.advance(3600)
        for _ in 0..<3 { #expect(limiter.take([("a", Self.rule)]) == nil) }
        #expect(limiter.take([("a", Self.rule)]) != nil, "a bucket never fills past its burst")
    }

    @Test func aRefusalByOneKeySpendsNothingOfTheOthers() {
        let clock = Clock()
        let limiter = KeyedRateLimiter(now: { clock.now })
        let tight = KeyedRateLimiter.Rule(burst: 1, perSecond: 0.1)
        #expect(limiter.take([("account", Self.rule), ("address", tight)]) == nil)
        for _ in 0..<5 { #expect(limiter.take([("account", Self.rule), ("address", tight)]) == .seconds(10)) }
        // The account's bucket still holds the two the refusals did not take.
        #expect(limiter.take([("account", Self.rule)]) == nil)
        #expect(limiter.take([("account", Self.rule)]) == nil)
        #expect(limiter.take([("account", Self.rule)]) != nil)
    }

    @Test func pastMaxKeysTheLongestIdleAreForgotten() {
        let clock = Clock()
        let limiter = KeyedRateLimiter(maxKeys: 10, now: { clock.now })
        let once = KeyedRateLimiter.Rule(burst: 1, perSecond: 0.001)
        #expect(limiter.take([("first", once)]) == nil)
        for index in 0..<10 {
            clock.advance(1)
            #expect(limiter.take([("key \(index)", once)]) == nil)
        }
        // "first" was idle longest and was forgotten: it may go again.
        #expect(limiter.take([("first", once)]) == nil)
        #expect(limiter.take([("key 9", once)]) != nil, "a recent key is still counted")
    }
}
