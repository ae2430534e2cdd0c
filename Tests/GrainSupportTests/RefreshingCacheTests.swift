import Synchronization
import TestKit
import Testing

@testable import GrainSupport

@Suite struct RefreshingCacheTests {
    struct Down: Error {}

    /// A loader that counts calls and can be told to fail or to wait for a signal.
    final class Upstream: Sendable {
        let calls = Mutex(0)
        let failing = Mutex(false)

        func load(_ key: String) async throws -> String {
            let number = calls.withLock {
                $0 += 1
                return $0
            }
            if failing.withLock({ $0 }) { throw Down() }
            return "\(key)#\(number)"
        }
    }

    @Test func freshValuesAreServedWithoutCallingUpstream() async throws {
        let clock = ManualClock()
        let upstream = Upstream()
        let cache = RefreshingCache<String, String, any Error>(lifetime: .seconds(30), now: { clock.now }, loader: upstream.load)
        #expect(try await cache.value(for: "strip").value == "strip#1")
        clock.advance(by: .seconds(29))
        #expect(try await cache.value(for: "strip").value == "strip#1")
        #expect(upstream.calls.withLock { $0 } == 1)
    }

    @Test func staleValuesAreServedWhileOneRefreshRuns() async throws {
        let clock = ManualClock()
        let upstream = Upstream()
        let cache = RefreshingCache<String, String, any Error>(lifetime: .seconds(30), now: { clock.now }, loader: upstream.load)
        _ = try await cache.value(for: "strip")
        clock.advance(by: .seconds(31))
        let stale = try await cache.value(for: "strip")
        #expect(stale.value == "strip#1")
        #expect(!stale.isStale)
        await cache.settle()
        #expect(await cache.peek("strip") == "strip#2")
    }

    @Test func concurrentRequestsShareOneUpstreamCall() async throws {
        let calls = Mutex(0)
        let cache = RefreshingCache<String, Int, any Error>(lifetime: .seconds(30)) { _ in
            calls.withLock { $0 += 1 }
            try await Task.sleep(for: .milliseconds(100))
            return 7
        }
        let results = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<20 { group.addTask { try await cache.value(for: "same").value } }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(results == Array(repeating: 7, count: 20))
        #expect(calls.withLock { $0 } == 1)
    }

    @Test func failuresFallBackToTheLastGoodValueMarkedStale() async throws {
        let clock = ManualClock()
        let upstream = Upstream()
        let cache = RefreshingCache<String, String, any Error>(lifetime: .seconds(30), maxStaleness: .seconds(600), now: { clock.now }, loader: upstream.load)
        _ = try await cache.value(for: "k")
        upstream.failing.withLock { $0 = true }
        clock.advance(by: .seconds(60))
        #expect(try await cache.value(for: "k").value == "k#1")
        await cache.settle()
        let afterFailure = try await cache.value(for: "k")
        #expect(afterFailure.value == "k#1")
        #expect(afterFailure.isStale)
        clock.advance(by: .seconds(600))
        await #expect(throws: Down.self) { try await cache.value(for: "k") }
    }

    @Test func failuresWithNothingCachedReachTheCaller() async {
        let upstream = Upstream()
        upstream.failing.withLock { $0 = true }
        let cache = RefreshingCache<String, String, any Error>(lifetime: .seconds(30), loader: upstream.load)
        await #expect(throws: Down.self) { try await cache.value(for: "k") }
    }

    @Test func capacityBoundsTheNumberOfKeys() async throws {
        let cache = RefreshingCache<Int, Int, any Error>(lifetime: .seconds(30), capacity: 10) { $0 }
        for key in 0..<100 { _ = try await cache.value(for: key) }
        var kept = 0
        for key in 0..<100 where await cache.peek(key) != nil { kept += 1 }
        #expect(kept <= 10)
        #expect(await cache.peek(99) == 99)
    }

    @Test func storedAndInvalidatedValues() async throws {
        let upstream = Upstream()
        let cache = RefreshingCache<String, String, any Error>(lifetime: .seconds(30), loader: upstream.load)
        await cache.store("posted", for: "k")
        #expect(try await cache.value(for: "k").value == "posted")
        await cache.invalidate("k")
        #expect(try await cache.value(for: "k").value == "k#1")
    }

    @Test func anOutageCostsOneUpstreamCallPerPauseHoweverManyAsk() async throws {
        let clock = ManualClock()
        let upstream = Upstream()
        upstream.failing.withLock { $0 = true }
        let cache = RefreshingCache<String, String, any Error>(lifetime: .seconds(30), now: { clock.now }, loader: upstream.load)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<50 { group.addTask { _ = try? await cache.value(for: "strip") } }
        }
        for _ in 0..<150 {
            await #expect(throws: Down.self) { try await cache.value(for: "strip") }
        }
        #expect(upstream.calls.withLock { $0 } == 1)
        clock.advance(by: .milliseconds(1999))
        _ = try? await cache.value(for: "strip")
        #expect(upstream.calls.withLock { $0 } == 1, "still within the first 2 s pause")
        clock.advance(by: .milliseconds(1))
        for _ in 0..<50 { _ = try? await cache.value(for: "strip") }
        #expect(upstream.calls.withLock { $0 } == 2, "one more attempt once the pause is over")
    }

    @Test func thePauseDoublesWithEveryFailureUpToAMinute() async throws {
        let clock = ManualClock()
        let upstream = Upstream()
        upstream.failing.withLock { $0 = true }
        let cache = RefreshingCache<String, String, any Error>(lifetime: .seconds(30), now: { clock.now }, loader: upstream.load)
        var pauses: [Duration] = []
        for _ in 0..<8 {
            _ = try? await cache.value(for: "k")
            let pause = try #require(await cache.failurePause(for: "k"))
            pauses.append(pause)
            clock.advance(by: pause)
        }
        #expect(pauses == [2, 4, 8, 16, 32, 60, 60, 60].map { Duration.seconds($0) })
        #expect(upstream.calls.withLock { $0 } == 8)
    }

    @Test func aSuccessEndsThePauseAndTheNextOutageStartsAgainAtTwoSeconds() async throws {
        let clock = ManualClock()
        let upstream = Upstream()
        upstream.failing.withLock { $0 = true }
        let cache = RefreshingCache<String, String, any Error>(lifetime: .seconds(30), now: { clock.now }, loader: upstream.load)
        for _ in 0..<4 {
            _ = try? await cache.value(for: "k")
            clock.advance(by: try #require(await cache.failurePause(for: "k")))
        }
        upstream.failing.withLock { $0 = false }
        #expect(try await cache.value(for: "k").value == "k#5")
        #expect(await cache.failurePause(for: "k") == nil)
        upstream.failing.withLock { $0 = true }
        clock.advance(by: .seconds(31))
        _ = try await cache.value(for: "k")
        await cache.settle()
        #expect(await cache.failurePause(for: "k") == .seconds(2))
    }

    @Test func duringAnOutageTheStaleValueIsServedAtOnceWithoutAskingAgain() async throws {
        let clock = ManualClock()
        let upstream = Upstream()
        let cache = RefreshingCache<String, String, any Error>(lifetime: .seconds(30), now: { clock.now }, loader: upstream.load)
        _ = try await cache.value(for: "strip")
        upstream.failing.withLock { $0 = true }
        clock.advance(by: .seconds(31))
        _ = try await cache.value(for: "strip")
        await cache.settle()
        #expect(upstream.calls.withLock { $0 } == 2)
        let lookups = try await withThrowingTaskGroup(of: RefreshingCache<String, String, any Error>.Lookup.self) { group in
            for _ in 0..<50 { group.addTask { try await cache.value(for: "strip") } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(lookups.allSatisfy { $0.value == "strip#1" && $0.isStale })
        #expect(upstream.calls.withLock { $0 } == 2, "the failed refresh is not retried within its pause")
        clock.advance(by: .seconds(2))
        #expect(try await cache.value(for: "strip").value == "strip#1", "served at once while the retry runs")
        await cache.settle()
        #expect(upstream.calls.withLock { $0 } == 3)
    }

    @Test func theMemoryOfFailuresIsBounded() async throws {
        let upstream = Upstream()
        upstream.failing.withLock { $0 = true }
        let cache = RefreshingCache<Int, String, any Error>(lifetime: .seconds(30), capacity: 10) { _ in try await upstream.load("x") }
        for key in 0..<100 { _ = try? await cache.value(for: key) }
        var remembered = 0
        for key in 0..<100 where await cache.failurePause(for: key) != nil { remembered += 1 }
        #expect(remembered <= 10)
        #expect(await cache.failurePause(for: 99) != nil)
    }
}
