import ATProtoTestKit
import AppTestKit
import Foundation
import GrainStoriesWeb
import GrainSupport
import HTTPTestKit
import MicroHTTPServer
import Synchronization
import TestKit
import Testing

/// The body deadlines the routes set, on the real server `serve` makes, with a clock
/// moved by hand: 10 minutes for a photo, 30 seconds for a form. Each test moves the
/// clock to just inside the limit (the body is still taken) and just past it (408).
@Suite(.serialized) struct RouteDeadlineTests {
    /// A server clock that counts how often the server read it: the head and each body
    /// chunk read it once, so a test knows the server has seen what it sent.
    final class CountingClock: Sendable {
        let clock = ManualClock()
        private let reads = Atomic(0)
        var readCount: Int { reads.load(ordering: .relaxed) }
        var now: @Sendable () -> ContinuousClock.Instant {
            { [self] in
                reads.add(1, ordering: .relaxed)
                return clock.now
            }
        }
    }

    /// Starts a second server for `app`'s application, on the counting clock.
    static func server(_ app: LiveApp, _ clock: CountingClock) throws -> HTTPServer {
        let server = app.makeServer(now: clock.now)
        try server.start()
        return server
    }

    /// The bytes of request bodies spilled to disk under `directory` now.
    static func spooledBytes(in directory: String) -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.reduce(0) { total, name in
            total + (((try? FileManager.default.attributesOfItem(atPath: directory + "/" + name))?[.size] as? Int) ?? 0)
        }
    }

    /// Sends a head and `first` body bytes, waits until the server has read them (a
    /// chunk for a small body; all of a body large enough to spill, in `spool`), moves
    /// the clock by `elapsed`, sends `rest` and returns the status. With `keepUp`, the
    /// clock moves in steps of `keepUp.every`, each followed by `keepUp.bytes` more (read
    /// before the next step), as an upload that does not stall sends them.
    static func send(
        port: Int, clock: CountingClock, head: String, first: [UInt8], elapsed: Duration, rest: [UInt8], spool: String? = nil,
        keepUp: (every: Duration, bytes: [UInt8])? = nil
    ) async throws -> Int {
        let before = clock.readCount
        let connection = try await runOnDedicatedThread { () -> RawHTTPConnection in
            let connection = try RawHTTPConnection(port: port)
            try connection.send(Array(head.utf8) + first)
            return connection
        }
        // The head and the first part were read at the old time: bytes still unread when
        // the clock moves would count as arriving ten minutes late, below the minimum rate.
        #expect(await eventually { clock.readCount >= before + 2 && spool.map { Self.spooledBytes(in: $0) == first.count } ?? true })
        var remaining = elapsed
        var sent = first.count
        while let keepUp, remaining > keepUp.every {
            clock.clock.advance(by: keepUp.every)
            remaining -= keepUp.every
            try await runOnDedicatedThread { try connection.send(keepUp.bytes) }
            sent += keepUp.bytes.count
            #expect(await eventually { spool.map { Self.spooledBytes(in: $0) == sent } ?? true })
        }
        clock.clock.advance(by: remaining)
        return try await runOnDedicatedThread {
            try connection.send(rest)
            return try connection.readResponse().status
        }
    }

    @Test func aFormMayTakeThirtySecondsToArriveAndNoLonger() async throws {
        try await ConfigurationEffectTests.withServer([]) { app, _ in
            let clock = CountingClock()
            let server = try Self.server(app, clock)
            let body = Array("identifier=alice.test&password=x&csrf=nothing".utf8)
            let head = "POST /signin HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: \(body.count)\r\n\r\n"
            let within = try await Self.send(
                port: server.port, clock: clock, head: head, first: Array(body.prefix(10)), elapsed: .seconds(29), rest: Array(body.dropFirst(10)))
            #expect(within != 408, "29 s is within the form's limit")
            let late = try await Self.send(
                port: server.port, clock: clock, head: head, first: Array(body.prefix(10)), elapsed: .seconds(31), rest: Array(body.dropFirst(10)))
            #expect(late == 408)
            await server.shutdown()
        }
    }

    @Test func aPhotoMayTakeTenMinutesToArriveAndNoLonger() async throws {
        let pds = try FakePDS()
        defer { pds.stop() }
        try await ConfigurationEffectTests.withServer([]) { app, _ in
            let browser = try await ConfigurationEffectTests.signIn(app, pds)
            let session = try #require(browser.cookie("sid"))
            let clock = CountingClock()
            let server = try Self.server(app, clock)
            // 1 MB now keeps the average above 1 KiB/s past 600 s, and 1 KiB every 19 s
            // keeps it from stalling: only the deadline can cut it.
            let first = [UInt8](repeating: 0x61, count: 1_000_000)
            let keepUp = (every: Duration.seconds(19), bytes: [UInt8](repeating: 0x61, count: 1024))
            let head =
                "POST /stories/new HTTP/1.1\r\nHost: localhost\r\nCookie: sid=\(session)\r\n"
                + "Content-Type: multipart/form-data; boundary=x\r\nContent-Length: \(1_000_010 + 31 * 1024)\r\n\r\n"
            let within = try await Self.send(
                port: server.port, clock: clock, head: head, first: first, elapsed: .seconds(599), rest: Array(repeating: 0x61, count: 10),
                spool: app.data.temporary, keepUp: keepUp)
            #expect(within != 408, "599 s is within the photo's limit")
            let late = try await Self.send(
                port: server.port, clock: clock, head: head, first: first, elapsed: .seconds(601), rest: Array(repeating: 0x61, count: 10),
                spool: app.data.temporary, keepUp: keepUp)
            #expect(late == 408)
            await server.shutdown()
            await browser.shutdown()
        }
    }
}
