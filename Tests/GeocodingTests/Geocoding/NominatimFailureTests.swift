import ATProtoTestKit
import LoggingTestKit
import TestKit
import Testing

@testable import Geocoding

/// Every failure means "no suggestion": never an error, never cached, logged at debug.
@Suite struct NominatimFailureTests {
    /// Checks that `mode` gives no suggestion, is logged, and is not cached (the same
    /// lookup succeeds once the stand-in is healthy again).
    private func expectNoSuggestion(_ mode: StandInNominatim.Mode, timeout: Duration = .seconds(4)) async throws {
        try await NominatimHarness.run { harness in
            harness.server.setMode(mode)
            let client = harness.client(timeout: timeout)
            #expect(await client.reverse(latitude: 45.5238616, longitude: -122.6812796) == nil)
            #expect(await client.search("Powell's").isEmpty)
            #expect(harness.requestCount == 2)
            #expect(harness.logs.lines.contains { $0.contains(" debug geocoding ") })

            harness.server.setMode(.normal)
            #expect(await client.reverse(latitude: 45.5238616, longitude: -122.6812796) != nil)
            #expect(await client.search("Powell's").count == 2)
        }
    }

    @Test func garbageMeansNoSuggestion() async throws {
        try await expectNoSuggestion(.garbage)
    }

    @Test func aServerErrorMeansNoSuggestion() async throws {
        try await expectNoSuggestion(.serverError)
    }

    @Test func aSlowServerMeansNoSuggestion() async throws {
        try await expectNoSuggestion(.slow(.seconds(3)), timeout: .milliseconds(300))
    }

    @Test func anOversizedAnswerMeansNoSuggestion() async throws {
        try await expectNoSuggestion(.huge(NominatimClient.maxResponseBytes + 1000))
    }

    @Test func anUnreachableServerMeansNoSuggestion() async throws {
        try await NominatimHarness.run { harness in
            // A port nothing listens on: the stand-in's, after it stopped.
            let stopped = try StandInNominatim()
            let base = stopped.baseURL
            await stopped.stop()
            let client = harness.client(baseURL: base)
            #expect(await client.reverse(latitude: 45.5238616, longitude: -122.6812796) == nil)
            #expect(harness.logs.lines.contains { $0.contains("geocoding request failed") })
        }
    }

    @Test func aURLTheServerWillNotFetchMeansNoSuggestion() async throws {
        try await NominatimHarness.run { harness in
            // Plain http to a host the operator did not list is refused before sending.
            let client = harness.client(baseURL: "http://nominatim.example.org")
            #expect(await client.search("Powell's").isEmpty)
            #expect(harness.logs.lines.contains { $0.contains("geocoding request failed") })
        }
    }

    @Test func aCallerThatWouldWaitTooLongForItsTurnGetsNoSuggestionAndSendsNothing() async throws {
        try await NominatimHarness.run { harness in
            // A limiter whose time stands still, shared with other work that already
            // took every slot within the wait bound.
            let clock = ManualClock()
            let limiter = RateLimiter(maxWait: .seconds(5), now: { clock.now }, sleep: { _ in })
            for _ in 0..<6 { #expect(await limiter.admit() != nil) }
            let client = harness.client(limiter: limiter)
            #expect(await client.reverse(latitude: 45.5238616, longitude: -122.6812796) == nil)
            #expect(harness.requestCount == 0)
            #expect(harness.logs.lines.contains { $0.contains("rate limit") })
            // Nothing was cached: once the queue has drained, the lookup works.
            clock.advance(by: .seconds(10))
            #expect(await client.reverse(latitude: 45.5238616, longitude: -122.6812796) != nil)
        }
    }

    @Test func everyRequestWaitsItsTurnAtTheSharedLimiter() async throws {
        try await NominatimHarness.run { harness in
            let client = harness.client()
            let start = harness.clock.now
            _ = await client.reverse(latitude: 45.5238616, longitude: -122.6812796)
            _ = await client.reverse(latitude: 44.059, longitude: -121.314)
            _ = await client.search("Powell's")
            // Three requests: the fake clock moved one second per request after the first.
            #expect(harness.requestCount == 3)
            #expect(harness.clock.now - start == .seconds(2))
        }
    }
}
