@testable import GrainStoriesCore
import Synchronization
import TestSupport
import Testing

@Suite struct RefreshingCacheTests {
    struct Down: Error {}

    /// A loader that counts calls and can be told to fail or to wait for a signal.
    final class Upstream: Sendable {
        let calls = Mutex(0)
        let failing = Mutex(false)

        func load(_ key: String) async throws -> String {
            let number = calls.withLock { $0 += 1; return $0 }
            if failing.withLock({ $0 }) { throw Down() }
            return "\(key)#\(number)"
        }
    }

    @Test func freshValuesAreServedWithoutCallingUpstream() async throws {
        let clock = ManualClock()
        let upstream = Upstream()
        let cache = RefreshingCache<String, String>(lifetime: .seconds(30), now: { clock.now }, loader: upstream.load)
        #expect(try await cache.value(for: "strip").value == "strip#1")
        clock.advance(by: .seconds(29))
        #expect(try await cache.value(for: "strip").value == "strip#1")
        #expect(upstream.calls.withLock { $0 } == 1)
    }

    @Test func staleValuesAreServedWhileOneRefreshRuns() async throws {
        let clock = ManualClock()
        let upstream = Upstream()
        let cache = RefreshingCache<String, String>(lifetime: .seconds(30), now: { clock.now }, loader: upstream.load)
        _ = try await cache.value(for: "strip")
        clock.advance(by: .seconds(31))
        let stale = try await cache.value(for: "strip")
        #expect(stale.value == "strip#1")
        #expect(!stale.isStale)
        // The background refresh lands shortly; poll, bounded generously for a loaded machine.
        var refreshed = ""
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline {
            refreshed = await cache.peek("strip") ?? ""
            if refreshed == "strip#2" { break }
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(refreshed == "strip#2")
    }

    @Test func aForcedRefreshCallsUpstream() async throws {
        let upstream = Upstream()
        let cache = RefreshingCache<String, String>(lifetime: .seconds(30), loader: upstream.load)
        _ = try await cache.value(for: "k")
        #expect(try await cache.value(for: "k", refresh: true).value == "k#2")
    }

    @Test func concurrentRequestsShareOneUpstreamCall() async throws {
        let calls = Mutex(0)
        let cache = RefreshingCache<String, Int>(lifetime: .seconds(30)) { _ in
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
        let cache = RefreshingCache<String, String>(lifetime: .seconds(30), maxStaleness: .seconds(600), now: { clock.now }, loader: upstream.load)
        _ = try await cache.value(for: "k")
        upstream.failing.withLock { $0 = true }
        clock.advance(by: .seconds(60))
        let forced = try await cache.value(for: "k", refresh: true)
        #expect(forced.value == "k#1")
        #expect(forced.isStale)
        clock.advance(by: .seconds(600))
        await #expect(throws: Down.self) { try await cache.value(for: "k") }
    }

    @Test func failuresWithNothingCachedReachTheCaller() async {
        let upstream = Upstream()
        upstream.failing.withLock { $0 = true }
        let cache = RefreshingCache<String, String>(lifetime: .seconds(30), loader: upstream.load)
        await #expect(throws: Down.self) { try await cache.value(for: "k") }
    }

    @Test func capacityBoundsTheNumberOfKeys() async throws {
        let cache = RefreshingCache<Int, Int>(lifetime: .seconds(30), capacity: 10) { $0 }
        for key in 0..<100 { _ = try await cache.value(for: key) }
        var kept = 0
        for key in 0..<100 where await cache.peek(key) != nil { kept += 1 }
        #expect(kept <= 10)
        #expect(await cache.peek(99) == 99)
    }

    @Test func storedAndInvalidatedValues() async throws {
        let upstream = Upstream()
        let cache = RefreshingCache<String, String>(lifetime: .seconds(30), loader: upstream.load)
        await cache.store("posted", for: "k")
        #expect(try await cache.value(for: "k").value == "posted")
        await cache.invalidate("k")
        #expect(try await cache.value(for: "k").value == "k#1")
    }
}
