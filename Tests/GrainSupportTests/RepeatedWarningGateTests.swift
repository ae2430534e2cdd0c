import TestKit
import Testing

@testable import GrainSupport

/// A warning repeated by every request is let through once per interval, with a count.
@Suite struct RepeatedWarningGateTests {
    @Test func theFirstIsLoggedThenRepeatsAreCountedUntilTheIntervalHasPassed() {
        let clock = ManualClock()
        let gate = RepeatedWarningGate(interval: .seconds(10), now: { clock.now })
        #expect(gate.admit() == 0)
        #expect(gate.admit() == nil)
        clock.advance(by: .seconds(9))
        #expect(gate.admit() == nil)
        clock.advance(by: .seconds(1))
        #expect(gate.admit() == 2, "two were held back since the first")
        #expect(gate.admit() == nil)
        clock.advance(by: .seconds(60))
        #expect(gate.admit() == 1)
    }
}
