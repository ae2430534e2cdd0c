import Foundation
import MicroHTTPServer
import Synchronization
import Testing

@testable import GrainStoriesWeb

/// `/healthz` is made once a second and sent prepared in between; what it says must be
/// what a freshly made answer for that second says.
@Suite struct HealthCheckTests {
    /// A clock the test moves by hand.
    private final class Clock: Sendable {
        let start = ContinuousClock.now
        private let offset = Mutex(Duration.zero)
        func advance(_ by: Duration) { offset.withLock { $0 += by } }
        var now: ContinuousClock.Instant { start + offset.withLock { $0 } }
    }

    private static func body(_ response: HTTPResponse) -> String {
        guard case .bytes(let bytes) = response.body else { return "not bytes" }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func eachSecondsAnswerIsPreparedOnceAndSaysThatSecondsUptime() throws {
        let clock = Clock()
        let health = HealthCheck(startedAt: clock.start, now: { clock.now })
        let context = try RequestContext(request: HTTPRequest(method: .get, target: "/healthz"))
        let first = health.respond(context)
        clock.advance(.milliseconds(900))
        let sameSecond = health.respond(context)
        #expect(first.prepared != nil)
        #expect(sameSecond.prepared === first.prepared, "one prepared answer for the whole second")
        clock.advance(.milliseconds(100))
        let next = health.respond(context)
        #expect(next.prepared != nil && next.prepared !== first.prepared)

        for (answer, uptime) in [(first, 0), (sameSecond, 0), (next, 1)] {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(Self.body(answer).utf8)) as? [String: Any])
            #expect(object["status"] as? String == "ok")
            #expect(object["uptimeSeconds"] as? Int == uptime)
            #expect(answer.status == .ok)
            #expect(answer.headers["Content-Type"] == "application/json")
            #expect(answer.headers["Cache-Control"] == "no-store")
            for (name, value) in SecurityHeaders.all { #expect(answer.headers.values(for: name) == [value], "\(name)") }
            #expect(SecurityHeaders.endWithThem(answer.headers), "Application sends it as it is")
        }
        #expect(Self.body(next) == Self.body(HealthCheck.answer(uptime: 1)))
    }
}
