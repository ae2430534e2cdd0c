import Synchronization
import TestKit
import Testing

@testable import Geocoding

/// One request per second across the server, with a bounded wait. Time is a
/// `ManualClock` whose fake sleep jumps the clock forward, so nothing really waits.
@Suite struct RateLimiterTests {
    /// A limiter on a manual clock that records every sleep it is asked for.
    final class Schedule: Sendable {
        let clock = ManualClock()
        let sleeps = Mutex<[Duration]>([])
        let start: ContinuousClock.Instant

        init() { start = clock.now }

        /// With `timePasses`, a sleep moves the clock to its deadline; without, it
        /// returns with the clock unchanged.
        func limiter(interval: Duration = .seconds(1), maxWait: Duration = .seconds(5), timePasses: Bool = true) -> RateLimiter {
            RateLimiter(
                interval: interval, maxWait: maxWait, now: { self.clock.now },
                sleep: { deadline in
                    self.sleeps.withLock { $0.append(deadline - self.clock.now) }
                    if timePasses { self.clock.advance(to: deadline) }
                })
        }

        /// Offsets from the start of the schedule.
        func offsets(_ instants: [ContinuousClock.Instant?]) -> [Duration?] {
            instants.map { $0.map { $0 - start } }
        }
    }

    @Test func theFirstRequestGoesAtOnceAndTheNextOnesOneSecondApart() async {
        let schedule = Schedule()
        let limiter = schedule.limiter()
        var admitted: [ContinuousClock.Instant?] = []
        for _ in 0..<3 { admitted.append(await limiter.admit()) }
        #expect(schedule.offsets(admitted) == [.zero, .seconds(1), .seconds(2)])
        #expect(schedule.sleeps.withLock { $0 } == [.seconds(1), .seconds(1)])
    }

    @Test func aRequestAfterAQuietSpellNeedNotWait() async {
        let schedule = Schedule()
        let limiter = schedule.limiter()
        _ = await limiter.admit()
        schedule.clock.advance(by: .milliseconds(2500))
        let admitted = await limiter.admit()
        #expect(schedule.offsets([admitted]) == [.milliseconds(2500)])
        #expect(schedule.sleeps.withLock { $0 }.isEmpty)
    }

    @Test func concurrentCallersGetDistinctSlotsOneSecondApart() async {
        let schedule = Schedule()
        let limiter = schedule.limiter(maxWait: .seconds(60))
        let admitted = await withTaskGroup(of: ContinuousClock.Instant?.self) { group in
            for _ in 0..<8 { group.addTask { await limiter.admit() } }
            return await group.reduce(into: [ContinuousClock.Instant?]()) { $0.append($1) }
        }
        let offsets = schedule.offsets(admitted).compactMap { $0 }.sorted()
        #expect(offsets == (0..<8).map { Duration.seconds($0) })
    }

    @Test func aCallerThatWouldWaitTooLongIsTurnedAwayAtOnce() async {
        let schedule = Schedule()
        // Sleeps return without moving time, so every caller arrives at the same
        // instant: six fit (waits of 0 to 5 s), the seventh would wait 6 s.
        let limiter = schedule.limiter(maxWait: .seconds(5), timePasses: false)
        var admitted: [ContinuousClock.Instant?] = []
        for _ in 0..<7 { admitted.append(await limiter.admit()) }
        #expect(schedule.offsets(admitted) == [.zero, .seconds(1), .seconds(2), .seconds(3), .seconds(4), .seconds(5), nil])
        #expect(schedule.sleeps.withLock { $0.count } == 5)
        // The refusal reserved nothing: the next free slot is still 6 s after the start.
        schedule.clock.advance(by: .seconds(6))
        #expect(schedule.offsets([await limiter.admit()]) == [.seconds(6)])
    }

    @Test func aCancelledWaiterIsNotAdmitted() async {
        struct Cancelled: Error {}
        let clock = ManualClock()
        let limiter = RateLimiter(now: { clock.now }, sleep: { _ in throw Cancelled() })
        #expect(await limiter.admit() != nil)
        #expect(await limiter.admit() == nil)
    }

    /// How many searches the limiter turned away, counted from their tasks.
    final class TurnedAway: Sendable {
        let count = Atomic(0)
    }

    @Test func oneAccountFloodingTheQueueHoldsOnlyItsShareAndOthersStillGetSlots() async {
        let schedule = Schedule()
        // A waiting slot stays waiting for as long as the test needs.
        let held = HeldWaits()
        let turnedAway = TurnedAway()
        let limiter = RateLimiter(interval: .seconds(1), maxWait: .seconds(60), now: { schedule.clock.now }, sleep: { _ in await held.wait() })
        // 100 searches at once from one account: enough to fill a minute of slots.
        let flood = (0..<100).map { _ in
            Task {
                let slot = await limiter.admit(for: "did:plc:flood")
                if slot == nil { turnedAway.count.add(1, ordering: .relaxed) }
                return slot
            }
        }
        // One went at once, two wait for their slots, the other 97 were turned away.
        #expect(await eventually { turnedAway.count.load(ordering: .relaxed) == 97 && held.waiting == 2 })
        let others = ["did:plc:a", "did:plc:b", "did:plc:c"].map { account in Task { await limiter.admit(for: account) } }
        #expect(await eventually { held.waiting == 5 }, "other accounts' searches got slots")
        held.release()
        for other in others { #expect(await other.value != nil) }
        var admitted = 0
        for search in flood where await search.value != nil { admitted += 1 }
        #expect(admitted == 3)
    }
}
