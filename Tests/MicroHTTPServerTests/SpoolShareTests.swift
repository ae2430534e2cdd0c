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

    @Test func anUploadBelowTheMinimumRateAfterItsGracePeriodIsCutOffWith408() async throws {
        let clock = ManualClock()
        var configuration = Self.configuration(clock: clock)
        configuration.maxBodyBytes = 1 << 20
        configuration.spoolLimitBytes = 1 << 30
        let live = try LiveServer(configuration, admit: Self.admitByAccount, responder: Self.countBody)
        // 2 000 bytes in 61 s is below 1 KiB/s: the next byte is answered with 408.
        let slow = try await Self.startUpload(port: live.port, from: "127.0.0.2", declared: 100_000, sent: 2_000)
        #expect(try await eventually { try live.spooledBytes() == 2_000 })
        clock.advance(by: .seconds(61))
        let cut = try await runOnDedicatedThread { () -> Int in
            try slow.send("u")
            return try slow.readResponse().status
        }
        #expect(cut == 408)
        // 70 000 bytes in 61 s keeps up: the rest is accepted.
        let steady = try await Self.startUpload(port: live.port, from: "127.0.0.3", declared: 100_000, sent: 70_000)
        #expect(try await eventually { try live.spooledBytes() == 70_000 })
        clock.advance(by: .seconds(61))
        let finished = try await runOnDedicatedThread { () -> Int in
            try steady.send(String(repeating: "u", count: 30_000))
            return try steady.readResponse().status
        }
        #expect(finished == 200)
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
        // Within the limit a late byte is still taken...
        clock.advance(by: .seconds(29))
        try await runOnDedicatedThread { try upload.send("u") }
        #expect(try await eventually { try live.spooledBytes() == 2_001 })
        // ...past it, the next one is answered with 408 and nothing stays on disk.
        clock.advance(by: .seconds(2))
        let status = try await runOnDedicatedThread { () -> Int in
            try upload.send("u")
            return try upload.readResponse().status
        }
        #expect(status == 408)
        #expect(try await eventually { try live.temporaryFiles().isEmpty })
        await live.stop()
    }
}
