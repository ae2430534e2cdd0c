import HTTPTestKit
import MicroHTTPServer
import TestKit
import Testing

@Suite struct MalformedRequestTests {
    @Test(arguments: [
        "GET / HTTP/x.y\r\nHost: t\r\n\r\n",
        "GET / FOO/1.1\r\nHost: t\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: t\r\nthis line has no colon\r\n\r\n",
        "POST / HTTP/1.1\r\nHost: t\r\nContent-Length: abc\r\n\r\n",
        "POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: gzip\r\n\r\n",
        "POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\nabc",
        "POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd",
        "POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n",
    ])
    func malformedRequestGets400(request: String) async throws {
        try await withLiveServer(responder: { _ in HTTPResponse(contentType: "text/plain", text: "handled") }) { live in
            let response = try await live.exchange(request)
            #expect(response.status == 400)
        }
    }

    @Test(arguments: [
        "GARBAGE\r\n\r\n",
        "\u{1}\u{2}\u{3}\r\n\r\n",
        "GET\r\n\r\n",
        String(repeating: "A", count: 100_000),
    ])
    func garbageIsRefusedAndTheServerKeepsServing(request: String) async throws {
        try await withLiveServer(responder: { _ in HTTPResponse(contentType: "text/plain", text: "fine") }) { live in
            let port = live.port
            let refused = try await runOnDedicatedThread {
                let connection = try RawHTTPConnection(port: port)
                try? connection.send(request)
                do throws(RawHTTPError) {
                    // libmicrohttpd answers some garbage with an error status and simply
                    // closes on the rest; either way no handler may see it.
                    return try connection.readResponse().status >= 400
                } catch {
                    return error.code == .closed
                }
            }
            #expect(refused)
            let after = try await live.exchange(get("/"))
            #expect(after.bodyText == "fine")
        }
    }

    /// Hundreds of query arguments once exhausted MHD's per-connection pool (it parsed
    /// each one) and left the client hanging; the server parses none, so the request is
    /// answered at once and the handler still sees the raw query.
    @Test func hundredsOfQueryArgumentsAreAnsweredAtOnceWithTheRawQuery() async throws {
        let query = (0..<600).map { "a\($0)=b" }.joined(separator: "&")
        try await withLiveServer(responder: { request in HTTPResponse(contentType: "text/plain", text: request.query ?? "none") }) { live in
            let response = try await live.exchange(get("/?\(query)"), timeout: .seconds(5))
            #expect(response.status == 200)
            #expect(response.bodyText == query)
        }
    }

    /// One answer, then the connection closes: a client must not be left waiting on a
    /// connection whose request could not be read.
    @Test func aHeadWithTooManyFieldsGets431AndTheConnectionCloses() async throws {
        try await withLiveServer(responder: { _ in HTTPResponse(contentType: "text/plain", text: "ok") }) { live in
            let port = live.port
            let fields = (0..<600).map { "X-Field-\($0): value\r\n" }.joined()
            let (response, closed) = try await runOnDedicatedThread {
                let connection = try RawHTTPConnection(port: port, timeout: .seconds(5))
                try? connection.send(get("/", fields))
                return (try connection.readResponse(), connection.waitForServerClose(within: .seconds(5)))
            }
            #expect(response.status == 431)
            #expect(closed)
        }
    }

    /// Cookies are per host, not per port: a self-hoster's other web apps on the same
    /// machine send theirs here too. Two browser-sized jars (8 KB, nginx's default limit
    /// for one header line, and 12 KB) must reach the handler whole. libmicrohttpd keeps
    /// the head and a parsed copy of the cookies in its per-connection pool
    /// (`connectionMemoryLimit`), so this is what stops that pool from being cut to save
    /// the `memset` it costs per request (BENCHMARKS.md, "One shared lock fewer").
    @Test(arguments: [8_000, 12_000])
    func aFullCookieJarIsAnsweredAndReachesTheHandlerWhole(size: Int) async throws {
        let cookie = "jar=" + String(repeating: "c", count: size)
        try await withLiveServer(responder: { request in
            HTTPResponse(contentType: "text/plain", text: String(request.headers["Cookie"]?.count ?? 0))
        }) { live in
            let response = try await live.exchange(get("/", "Cookie: \(cookie)\r\n"), timeout: .seconds(5))
            #expect(response.status == 200)
            #expect(response.bodyText == String(cookie.count))
        }
    }

    @Test func idleConnectionIsClosedByTheTimeout() async throws {
        let configuration = LiveServer.configuration(connectionTimeoutSeconds: 1)
        try await withLiveServer(configuration, responder: { _ in HTTPResponse() }) { live in
            let port = live.port
            let closed = try await runOnDedicatedThread {
                let connection = try RawHTTPConnection(port: port)
                return connection.waitForServerClose(within: .seconds(10))
            }
            #expect(closed)
        }
    }

    /// A byte every 100 ms never lets the 10 s idle timeout fire, but the whole head
    /// must arrive within its time limit (1 s here), from accepting the connection and
    /// again after each response on a kept-alive one.
    @Test func aHeadTrickledFasterThanTheIdleTimeoutIsCutOffAtItsTimeLimit() async throws {
        var configuration = LiveServer.configuration(connectionTimeoutSeconds: 10)
        configuration.requestHeadTimeLimitSeconds = 1
        try await withLiveServer(configuration, responder: { _ in HTTPResponse(contentType: "text/plain", text: "ok") }) { live in
            let port = live.port
            let head = Array("GET / HTTP/1.1\r\nHost: test\r\nX-Slow: \(String(repeating: "s", count: 200))\r\n\r\n".utf8)
            let (first, sentAfterKeepAlive) = try await runOnDedicatedThread {
                let connection = try RawHTTPConnection(port: port)
                // A prompt request is served, and the connection kept alive...
                try connection.send(get("/"))
                let first = try connection.readResponse()
                // ...but a trickled second head is cut off (it would take 20 s to complete).
                return (first.status, connection.sendSlowly(head, interval: .milliseconds(100)))
            }
            #expect(first == 200)
            #expect(sentAfterKeepAlive < head.count)
            let sentFresh = try await runOnDedicatedThread {
                try RawHTTPConnection(port: port).sendSlowly(head, interval: .milliseconds(100))
            }
            #expect(sentFresh < head.count)
            #expect(try await live.exchange(get("/")).status == 200)
        }
    }

    @Test func clientTricklingItsHeadersIsCutOff() async throws {
        let configuration = LiveServer.configuration(connectionTimeoutSeconds: 1)
        try await withLiveServer(configuration, responder: { _ in HTTPResponse() }) { live in
            let port = live.port
            let head = Array("GET / HTTP/1.1\r\nHost: test\r\nX-Slow: \(String(repeating: "s", count: 20))\r\n\r\n".utf8)
            let sent = try await runOnDedicatedThread {
                let connection = try RawHTTPConnection(port: port)
                // One byte every 1.5 s: slower than the 1 s timeout allows. The server must
                // close long before the head is complete (which would take a minute).
                return connection.sendSlowly(head, interval: .milliseconds(1500))
            }
            #expect(sent < head.count)
        }
    }
}
