import HTTPTestKit
import MicroHTTPServer
import Synchronization
import TestKit
import Testing

@Suite struct BodyLimitTests {
    @Test func declaredOversizeBodyGets413BeforeTheBodyIsSent() async throws {
        let handled = try await expectOversizeUploadRefused(upload: { connection in
            // Announce 10 MB but send only the head and 100 bytes: the answer must
            // come without the rest (a server waiting for it would time out here).
            try connection.send("POST /upload HTTP/1.1\r\nHost: test\r\nContent-Length: 10000000\r\n\r\n")
            try connection.send(String(repeating: "a", count: 100))
        })
        #expect(handled == 0)
    }

    @Test func expectContinueWithOversizeBodyGets413InsteadOf100() async throws {
        try await withLiveServer(LiveServer.configuration(maxBodyBytes: 1024), responder: { _ in HTTPResponse() }) { live in
            let response = try await live.exchange(
                "PUT /x HTTP/1.1\r\nHost: t\r\nExpect: 100-continue\r\nContent-Length: 5000\r\n\r\n"
            )
            #expect(response.status == 413)
        }
    }

    @Test func chunkedBodyPassingTheLimitGets413AndTheConnectionIsDropped() async throws {
        let handled = try await expectOversizeUploadRefused(
            upload: { connection in
                try connection.send("POST /upload HTTP/1.1\r\nHost: test\r\nTransfer-Encoding: chunked\r\n\r\n")
                let chunk = "3e8\r\n" + String(repeating: "b", count: 1000) + "\r\n"
                try connection.send(chunk + chunk)  // 2000 bytes > 1024, no terminating chunk
            },
            afterwards: { live in
                // The server is still healthy afterwards.
                let after = try await live.exchange(get("/"))
                #expect(after.status == 200)
            })
        #expect(handled == 1)  // only the health check reached the handler
    }

    @Test func clientThatAlreadySentFarMoreStillReadsThe413() async throws {
        try await withLiveServer(LiveServer.configuration(maxBodyBytes: 1024), responder: { _ in HTTPResponse() }) { live in
            let port = live.port
            let response = try await runOnDedicatedThread {
                let connection = try RawHTTPConnection(port: port)
                try connection.send("POST /upload HTTP/1.1\r\nHost: test\r\nTransfer-Encoding: chunked\r\n\r\n")
                let chunk = "1000\r\n" + String(repeating: "c", count: 4096) + "\r\n"
                // 256 KiB in flight before reading; the server stops reading after 1 KiB and
                // closes with unread data (a reset), which must not destroy the 413.
                for _ in 0..<64 { try? connection.send(chunk) }
                return try connection.readResponse()
            }
            #expect(response.status == 413)
        }
    }

    @Test(arguments: [false, true])
    func aClientStillSendingAfterThe413SeesTheConnectionEndWithoutAReset(chunked: Bool) async throws {
        // What a proxy in front does: it streams the rest of the body after the answer came.
        // Closing with those bytes unread would reset the connection, and a reset can destroy
        // the answer before the proxy has read it; the server drains them first.
        try await withLiveServer(LiveServer.configuration(maxBodyBytes: 1024), responder: { _ in HTTPResponse() }) { live in
            let port = live.port
            let connection = try RawHTTPConnection(port: port)
            let response = try await runOnDedicatedThread {
                let body = [UInt8](repeating: 0x61, count: 256 * 1024)
                if chunked {
                    try connection.send("POST /upload HTTP/1.1\r\nHost: test\r\nTransfer-Encoding: chunked\r\n\r\n")
                    try connection.send("800\r\n" + String(repeating: "b", count: 2048) + "\r\n")
                } else {
                    try connection.send("POST /upload HTTP/1.1\r\nHost: test\r\nContent-Length: \(body.count)\r\n\r\n")
                }
                let response = try connection.readResponse()
                if chunked {
                    for _ in 0..<4 { try connection.send("10000\r\n" + String(repeating: "c", count: 65536) + "\r\n") }
                    try connection.send("0\r\n\r\n")
                } else {
                    try connection.send(body)
                }
                return response
            }
            #expect(response.status == 413)
            // Once the server is done with the connection, the client sees its end, not a reset.
            #expect(await eventually { live.server.openConnectionCount == 0 }, "the server kept the connection")
            let closed = try await runOnDedicatedThread { connection.waitForServerClose(within: .seconds(10)) }
            #expect(closed)
            #expect(!connection.wasReset, "the connection was reset under the answer")
        }
    }

    @Test func aClientThatStopsSendingAfterThe413IsClosedAfterTheLingerTime() async throws {
        var configuration = LiveServer.configuration(maxBodyBytes: 1024)
        configuration.lingerTimeLimit = .milliseconds(300)
        try await withLiveServer(configuration, responder: { _ in HTTPResponse() }) { live in
            let port = live.port
            let connection = try RawHTTPConnection(port: port)
            let response = try await runOnDedicatedThread {
                try connection.send("POST /upload HTTP/1.1\r\nHost: test\r\nContent-Length: 100000\r\n\r\n")
                return try connection.readResponse()
            }
            #expect(response.status == 413)
            // The rest of the body never comes; the server gives the slot back anyway.
            #expect(await eventually { live.server.openConnectionCount == 0 }, "the server kept the connection")
            connection.close()
        }
    }

    /// Sends `upload` to a server that takes bodies of at most 1 KiB, expects a 413
    /// that carries the default headers and closes the connection, then runs
    /// `afterwards`. Returns how many requests reached the handler.
    private func expectOversizeUploadRefused(
        upload: @escaping @Sendable (RawHTTPConnection) throws -> Void,
        afterwards: (LiveServer) async throws -> Void = { _ in }
    ) async throws -> Int {
        let handled = Mutex(0)
        let configuration = LiveServer.configuration(maxBodyBytes: 1024, defaultHeaders: [("X-Server", "grain")])
        try await withLiveServer(
            configuration,
            responder: { _ in
                handled.withLock { $0 += 1 }
                return HTTPResponse()
            }
        ) { live in
            let port = live.port
            let (response, closed) = try await runOnDedicatedThread {
                let connection = try RawHTTPConnection(port: port)
                try upload(connection)
                let response = try connection.readResponse()
                return (response, connection.waitForServerClose(within: .seconds(5)))
            }
            #expect(response.status == 413)
            #expect(response.header("Connection")?.lowercased() == "close")
            #expect(response.header("X-Server") == "grain")
            #expect(closed)
            try await afterwards(live)
        }
        return handled.withLock { $0 }
    }
}
