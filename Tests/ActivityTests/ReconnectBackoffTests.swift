import Activity
import Testing

/// The wait between reconnections: doubling, capped, half of it random.
@Suite struct ReconnectBackoffTests {
    let backoff = ReconnectBackoff(base: .seconds(1), cap: .seconds(60))

    @Test func theWaitDoublesWithEachFailureUpToTheCap() {
        #expect(backoff.delay(afterFailures: 1, random: 1) == .seconds(1))
        #expect(backoff.delay(afterFailures: 2, random: 1) == .seconds(2))
        #expect(backoff.delay(afterFailures: 4, random: 1) == .seconds(8))
        #expect(backoff.delay(afterFailures: 7, random: 1) == .seconds(60))
        #expect(backoff.delay(afterFailures: 500, random: 1) == .seconds(60))
    }

    @Test func jitterTakesAtMostHalfOfTheWaitAway() {
        #expect(backoff.delay(afterFailures: 3, random: 0) == .seconds(2))
        #expect(backoff.delay(afterFailures: 3, random: 0.5) == .seconds(3))
        #expect(backoff.delay(afterFailures: 3, random: -4) == .seconds(2), "out-of-range randomness is clamped")
    }
}
