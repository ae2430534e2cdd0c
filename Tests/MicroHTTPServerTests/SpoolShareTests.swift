import HTTPTestKit
import MicroHTTPServer
import TestKit
import Testing

/// The spool's fair shares and the minimum body rate (issue 21, item 6), on a live
/// server with small limits and, for deadlines and rates, an injected clock: a budget of
/// 100 000 bytes, bodies up to 20 000, so each address and account may hold 25 000.
@Suite(.serialized) struct SpoolShareTests {
    static func configuration(clock: ManualClock? = nil) -> HTTPServerConfiguration {
        var configuration = LiveServer.configuration(maxBodyBytes: 20_000, memoryBodyLimit: 1024)
        configuration.spoolLimitBytes = 100_000
        if let clock { configuration.now = { clock.now } }
        return configuration
    }

    /// Admits every body, for the account the `X-Account` header names.
    static let admitByAccount: @Sendable (HTTPRequest) -> BodyAdmission = { head in
        .accept(maxBytes: .max, timeLimit: .seconds(300), account: head.headers["X-Account"])
    }

    static let countBody: @Sendable (HTTPRequest) async -> HTTPResponse = { request in
        HTTPResponse(contentType: "text/plain", text: "\(request.body.count)")
    }

    /// Starts an upload declaring `declared` bytes from `source` and sends `sent` of them.
    static func startUpload(port: Int, from source: String, declared: Int, sent: Int, account: String? = nil) async throws -> RawHTTPConnection {
        try await runOnDedicatedThread {
            let connection = try RawHTTPConnection(port: port, source: source)
            let accountLine = account.map { "X-Account: \($0)\r\n" } ?? ""
            try connection.send("POST /upload HTTP/1.1\r\nHost: t\r\n\(accountLine)Content-Length: \(declared)\r\n\r\n" + String(repeating: "u", count: sent))
            return connection
        }
    }

    /// A whole upload of `size` bytes from `source`; its status.
    static func upload(port: Int, from source: String, size: Int, account: String? = nil) async throws -> Int {
        let connection = try await startUpload(port: port, from: source, declared: size, sent: size, account: account)
        return try await runOnDedicatedThread { try connection.readResponse().status }
    }

    @Test func uploadsThatDeclareMuchButTrickleHoldOnlyWhatTheySent() async throws {
        let live = try LiveServer(Self.configuration(), admit: Self.admitByAccount, responder: Self.countBody)
        // Five addresses declare 20 000 bytes each, the whole budget, and send 2 000.
        var held: [RawHTTPConnection] = []
        for index in 2...6 {
            held.append(try await Self.startUpload(port: live.port, from: "127.0.0.\(index)", declared: 20_000, sent: 2_000))
        }
        #expect(try await eventually { try live.spooledBytes() == 10_000 })
        #expect(try await Self.upload(port: live.port, from: "127.0.0.7", size: 20_000) == 200)
        withExtendedLifetime(held) {}
        await live.stop()
    }

    @Test func oneAddressCannotHoldMoreThanItsShare() async throws {
        let live = try LiveServer(Self.configuration(), admit: Self.admitByAccount, responder: Self.countBody)
        let held = try await Self.startUpload(port: live.port, from: "127.0.0.2", declared: 20_000, sent: 15_000)
        #expect(try await eventually { try live.spooledBytes() == 15_000 })
        #expect(try await Self.upload(port: live.port, from: "127.0.0.2", size: 20_000) == 503)
        #expect(try await Self.upload(port: live.port, from: "127.0.0.3", size: 20_000) == 200)
        withExtendedLifetime(held) {}
        await live.stop()
    }

    @Test func oneAccountCannotHoldMoreThanItsShareFromManyAddresses() async throws {
        let live = try LiveServer(Self.configuration(), admit: Self.admitByAccount, responder: Self.countBody)
        let held = try await Self.startUpload(port: live.port, from: "127.0.0.2", declared: 20_000, sent: 15_000, account: "did:plc:a")
        #expect(try await eventually { try live.spooledBytes() == 15_000 })
        #expect(try await Self.upload(port: live.port, from: "127.0.0.3", size: 20_000, account: "did:plc:a") == 503)
        #expect(try await Self.upload(port: live.port, from: "127.0.0.4", size: 20_000, account: "did:plc:b") == 200)
        withExtendedLifetime(held) {}
        await live.stop()
    }

    /// Sends `bytes` on `connection` and waits until the server holds `spooled` bytes on
    /// disk: it has read them at the clock's current time.
    static func send(_ bytes: Int, on connection: RawHTTPConnection, thenSpooled spooled: Int, in live: LiveServer) async throws {
        try await runOnDedicatedThread { try connection.send(String(repeating: "u", count: bytes)) }
        #expect(try await eventually { try live.spooledBytes() == spooled })
    }

    /// Sends one more byte on `connection` and reads the answer that ends it.
    static func lastByte(_ connection: RawHTTPConnection) async throws -> Int {
        try await runOnDedicatedThread { () -> Int in
            try connection.send("u")
            return try connection.readResponse().status
        }
    }

    @Test func anUploadBelowTheMinimumRateAfterItsGracePeriodIsCutOffWith408() async throws {
        let clock = ManualClock()
        var configuration = Self.configuration(clock: clock)
        configuration.maxBodyBytes = 1 << 20
        configuration.spoolLimitBytes = 1 << 30
        let live = try LiveServer(configuration, admit: Self.admitByAccount, responder: Self.countBody)
        // 2 000 bytes every 15 s never stalls, but 10 000 in 61 s is below 1 KiB/s on
        // average: the next byte is answered with 408.
        let slow = try await Self.startUpload(port: live.port, from: "127.0.0.2", declared: 100_000, sent: 2_000)
        #expect(try await eventually { try live.spooledBytes() == 2_000 })
        for step in 1...4 {
            clock.advance(by: .seconds(15))
            try await Self.send(2_000, on: slow, thenSpooled: 2_000 * (step + 1), in: live)
        }
        clock.advance(by: .seconds(1))
        #expect(try await Self.lastByte(slow) == 408)
        #expect(try await eventually { try live.spooledBytes() == 0 })
        // 70 000 bytes in 61 s, never 15 s without 1 KiB, keeps up: the rest is accepted.
        let steady = try await Self.startUpload(port: live.port, from: "127.0.0.3", declared: 100_000, sent: 10_000)
        #expect(try await eventually { try live.spooledBytes() == 10_000 })
        for step in 1...4 {
            clock.advance(by: .seconds(15))
            try await Self.send(15_000, on: steady, thenSpooled: 10_000 + 15_000 * step, in: live)
        }
        clock.advance(by: .seconds(1))
        let finished = try await runOnDedicatedThread { () -> Int in
            try steady.send(String(repeating: "u", count: 30_000))
            return try steady.readResponse().status
        }
        #expect(finished == 200)
        await live.stop()
    }

    /// Sending most of a body at once keeps its average high for hours; what it must not
    /// do is then trickle: once it has brought 1 KiB, 20 s without another 1 KiB cut it
    /// off, and its spool space is returned.
    @Test func anUploadThatStallsIsCutOffAlthoughItsAverageRateIsHigh() async throws {
        let clock = ManualClock()
        var configuration = Self.configuration(clock: clock)
        configuration.connectionTimeoutSeconds = 120
        let live = try LiveServer(configuration, admit: Self.admitByAccount, responder: Self.countBody)
        let upload = try await Self.startUpload(port: live.port, from: "127.0.0.2", declared: 20_000, sent: 19_000)
        #expect(try await eventually { try live.spooledBytes() == 19_000 })
        // A byte every 15 s: the first comes within the gap and is taken...
        clock.advance(by: .seconds(15))
        try await Self.send(1, on: upload, thenSpooled: 19_001, in: live)
        // ...the next is 30 s after the last 1 KiB: the upload is cut off.
        clock.advance(by: .seconds(15))
        #expect(try await Self.lastByte(upload) == 408)
        #expect(try await eventually { try live.temporaryFiles().isEmpty })
        // 1 KiB within every 20 s is progress: such an upload goes on to its end.
        let steady = try await Self.startUpload(port: live.port, from: "127.0.0.3", declared: 20_000, sent: 10_000)
        #expect(try await eventually { try live.spooledBytes() == 10_000 })
        // (Three steps: 57 s, inside the average's 60-s grace, which this one would not keep.)
        for step in 1...3 {
            clock.advance(by: .seconds(19))
            try await Self.send(1024, on: steady, thenSpooled: 10_000 + 1024 * step, in: live)
        }
        let finished = try await runOnDedicatedThread { () -> Int in
            try steady.send(String(repeating: "u", count: 20_000 - 10_000 - 3 * 1024))
            return try steady.readResponse().status
        }
        #expect(finished == 200)
        await live.stop()
    }

    /// Four accounts on four addresses take what they can, as many uploads as their
    /// shares allow, and trickle to keep it: a fifth account's photo is still taken, from
    /// the reserve they cannot enter (issue 45, finding 6). Budget 100 000, uploads up to
    /// 25 000, so shares of 25 000 and a reserve of 50 000: each hog sends all but two
    /// bytes of an upload, two hogs fill the rest, a third enters the reserve as a
    /// newcomer, taking no more than stays free, and the fourth finds too little free for
    /// another 25 000.
    @Test func fourHoggingAccountsLeaveRoomForAFifthAccountsPhoto() async throws {
        let clock = ManualClock()
        var configuration = LiveServer.configuration(maxBodyBytes: 25_000, memoryBodyLimit: 1024, connectionTimeoutSeconds: 120)
        configuration.spoolLimitBytes = 100_000
        configuration.now = { clock.now }
        let live = try LiveServer(configuration, admit: Self.admitByAccount, responder: Self.countBody)
        var hogs: [RawHTTPConnection] = []
        for index in 1...3 {
            let hog = try await Self.startUpload(
                port: live.port, from: "127.0.0.\(index + 1)", declared: 25_000, sent: 24_998, account: "did:plc:hog\(index)")
            #expect(try await eventually { try live.spooledBytes() == 24_998 * index }, "hog \(index) holds its share")
            hogs.append(hog)
        }
        let fourth = try await Self.startUpload(port: live.port, from: "127.0.0.5", declared: 25_000, sent: 0, account: "did:plc:hog4")
        #expect(try await runOnDedicatedThread { try fourth.readResponse().status } == 503, "too little stays free for another 25 000")
        // The hogs trickle (within the stall gap, so they hold on)...
        clock.advance(by: .seconds(15))
        for hog in hogs { try await runOnDedicatedThread { try hog.send(Array("u".utf8)) } }
        #expect(try await eventually { try live.spooledBytes() == 24_998 * 3 + 3 })
        // ...and the fifth account's photo is taken whole.
        #expect(try await Self.upload(port: live.port, from: "127.0.0.6", size: 10_000, account: "did:plc:fifth") == 200)
        withExtendedLifetime(hogs) {}
        await live.stop()
    }

    @Test func aBodyStillArrivingAfterItsTimeLimitIsCutOffWith408() async throws {
        let clock = ManualClock()
        let live = try LiveServer(
            Self.configuration(clock: clock),
            admit: { _ in .accept(maxBytes: .max, timeLimit: .seconds(30)) },
            responder: Self.countBody
        )
        let upload = try await Self.startUpload(port: live.port, from: "127.0.0.2", declared: 20_000, sent: 2_000)
        #expect(try await eventually { try live.spooledBytes() == 2_000 })
        // Within the limit a late byte is still taken (1 KiB came within every 20 s)...
        clock.advance(by: .seconds(15))
        try await Self.send(2_000, on: upload, thenSpooled: 4_000, in: live)
        clock.advance(by: .seconds(14))
        try await Self.send(1, on: upload, thenSpooled: 4_001, in: live)
        // ...past it, the next one is answered with 408 and nothing stays on disk.
        clock.advance(by: .seconds(2))
        #expect(try await Self.lastByte(upload) == 408)
        #expect(try await eventually { try live.temporaryFiles().isEmpty })
        await live.stop()
    }
}
