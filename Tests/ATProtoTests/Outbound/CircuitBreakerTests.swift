import CurlHTTPClient
import HTTPTestKit
import TestKit
import Testing

@testable import ATProto

/// An upstream that is down is left alone: made-up names during an AppView outage cost
/// a handful of calls, not one each, and calls resume once it answers again. Time is a
/// `ManualClock`.
@Suite struct CircuitBreakerTests {
    static let down = XRPCError.remote(status: 503, error: nil, message: nil)

    /// Runs one call through `breaker` that fails (a 503) or answers; the error if any.
    @discardableResult
    static func call(_ breaker: CircuitBreaker, failing: Bool) async -> XRPCError? {
        do {
            _ = try await breaker.run { () async throws(XRPCError) -> Int in
                if failing { throw Self.down }
                return 1
            }
            return nil
        } catch {
            return error
        }
    }

    @Test func fiveFailuresInARowOpenItAndCallsThenFailAtOnce() async {
        let clock = ManualClock()
        let breaker = CircuitBreaker(host: "appview", now: { clock.now })
        for _ in 0..<4 { await Self.call(breaker, failing: true) }
        #expect(!breaker.isOpen)
        await Self.call(breaker, failing: true)
        #expect(breaker.isOpen)
        #expect(await Self.call(breaker, failing: false) == .transport(.upstreamDown(host: "appview")), "not sent while open")
    }

    @Test func anAnswerThatSaysNoIsNotAFailure() async {
        let breaker = CircuitBreaker(host: "appview")
        for _ in 0..<10 {
            _ = try? await breaker.run { () async throws(XRPCError) -> Int in throw .remote(status: 404, error: "NotFound", message: nil) }
        }
        #expect(!breaker.isOpen)
    }

    @Test func afterItsPauseOneTrialGoesOutAndAnAnswerClosesIt() async {
        let clock = ManualClock()
        let breaker = CircuitBreaker(host: "appview", now: { clock.now })
        for _ in 0..<5 { await Self.call(breaker, failing: true) }
        clock.advance(by: .seconds(9))
        #expect(await Self.call(breaker, failing: false) != nil, "still open within its 10 s")
        clock.advance(by: .seconds(1))
        // The trial fails: open for another 10 s.
        #expect(await Self.call(breaker, failing: true) == Self.down)
        #expect(await Self.call(breaker, failing: false) == .transport(.upstreamDown(host: "appview")))
        clock.advance(by: .seconds(10))
        // The upstream is back: the trial's answer closes the breaker.
        #expect(await Self.call(breaker, failing: false) == nil)
        #expect(!breaker.isOpen)
        #expect(await Self.call(breaker, failing: false) == nil)
    }

    @Test func madeUpNamesDuringAnOutageCostAHandfulOfCalls() async throws {
        let listener = try AcceptCountingListener()
        defer { listener.stop() }
        let clock = ManualClock()
        let base = listener.url(host: "127.0.0.1", scheme: "http")
        let client = AppViewClient(
            xrpc: XRPCClient(baseURL: base, http: OutboundHTTP(userAgent: "GrainStoriesTests", insecureHosts: ["127.0.0.1"])),
            breaker: CircuitBreaker(host: base, now: { clock.now })
        )
        for index in 0..<200 {
            let name = try #require(ATIdentifier("made-up-\(index).example"))
            _ = try? await client.profile(actor: name)
        }
        #expect(listener.acceptedCount <= 5, "\(listener.acceptedCount) calls for 200 made-up names")
        // After the pause, one trial per pause, however many names arrive.
        clock.advance(by: .seconds(10))
        let before = listener.acceptedCount
        for index in 0..<50 {
            _ = try? await client.profile(actor: try #require(ATIdentifier("later-\(index).example")))
        }
        #expect(listener.acceptedCount == before + 1)
    }
}
