import HTTPTestKit
import MicroHTTPServer
import TestKit
import Testing

/// Which answers carry the configured default headers (the app's security headers):
/// every one the server makes itself does, including those written straight to the
/// socket mid-body; libmicrohttpd's own answers to requests it cannot parse do not, and
/// cannot (it builds them internally, with no hook to add a header). docs/privacy-and-security.md names
/// exactly those; if a libmicrohttpd upgrade changes this, the second test says so.
@Suite struct ServerMadeResponseHeaderTests {
    static let headers = [("X-Content-Type-Options", "nosniff"), ("X-Frame-Options", "DENY")]

    static func configuration(spoolLimitBytes: Int = 10_000) -> HTTPServerConfiguration {
        var configuration = LiveServer.configuration(maxBodyBytes: 20_000, memoryBodyLimit: 1024, defaultHeaders: headers)
        configuration.connectionMemoryLimit = 16 * 1024
        configuration.spoolLimitBytes = spoolLimitBytes
        return configuration
    }

    static func carriesTheHeaders(_ response: RawHTTPResponse) -> Bool {
        headers.allSatisfy { response.header($0.0) == $0.1 }
    }

    @Test func everyAnswerTheServerMakesItselfCarriesTheDefaultHeaders() async throws {
        let live = try LiveServer(
            Self.configuration(),
            admit: { head in
                .accept(maxBytes: head.path == "/small" ? 500 : .max, timeLimit: .seconds(300))
            }, responder: { _ in HTTPResponse() })
        let port = live.port
        // 400 for a framing the server refuses, 413 for a declared oversize body, 503 for
        // one the spool has no room for.
        for (request, status) in [
            ("POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: gzip\r\n\r\n", 400),
            ("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 30000\r\n\r\n", 413),
            ("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 15000\r\n\r\n", 503),
        ] {
            let response = try await live.exchange(request)
            #expect(response.status == status)
            #expect(Self.carriesTheHeaders(response), "\(status)")
        }
        // Written to the socket mid-body (as the 408 for a body past its time limit and the
        // 503 for one that runs out of spool are, from the same bytes): 413 for a chunked
        // body past the limit.
        let oversize = try await runOnDedicatedThread {
            let connection = try RawHTTPConnection(port: port)
            try connection.send(
                "POST /small HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n258\r\n" + String(repeating: "x", count: 600) + "\r\n0\r\n\r\n")
            return try connection.readResponse()
        }
        #expect(oversize.status == 413)
        #expect(Self.carriesTheHeaders(oversize))
        await live.stop()
    }

    @Test(arguments: [
        ("GET / HTTP/x.y\r\nHost: t\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: t\r\nthis line has no colon\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: abc\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n", 400),
        ("GET / HTTP/2.0\r\nHost: t\r\n\r\n", 505),
        ("GET / HTTP/1.1\r\nHost: t\r\nX-F: \(String(repeating: "f", count: 40_000))\r\n\r\n", 431),
        ("GET /\(String(repeating: "a", count: 40_000)) HTTP/1.1\r\nHost: t\r\n\r\n", 414),
    ])
    func libmicrohttpdsOwnAnswersToUnparsableRequestsAreTheOnesWithoutThem(request: String, status: Int) async throws {
        let live = try LiveServer(Self.configuration(spoolLimitBytes: 1 << 30), responder: { _ in HTTPResponse() })
        let port = live.port
        let response = try await runOnDedicatedThread {
            let connection = try RawHTTPConnection(port: port)
            try? connection.send(request)
            return try connection.readResponse()
        }
        #expect(response.status == status)
        #expect(!Self.carriesTheHeaders(response), "libmicrohttpd now adds them: update the list in docs/privacy-and-security.md")
        await live.stop()
    }
}
