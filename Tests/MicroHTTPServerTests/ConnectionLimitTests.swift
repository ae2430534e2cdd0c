import HTTPTestKit
import MicroHTTPServer
import TestKit
import Testing

@Suite struct ConnectionLimitTests {
    @Test func aClientAtItsShareIsServedByClosingItsOwnOldestIdleConnection() async throws {
        var configuration = LiveServer.configuration()
        configuration.perClientConnectionLimit = 2
        try await withLiveServer(configuration, responder: { _ in HTTPResponse(contentType: "text/plain", text: "ok") }) { live in
            let port = live.port
            let (oldestClosed, thirdServed, secondKept) = try await runOnDedicatedThread {
                // A completed request proves each connection was accepted and counted; the
                // second connects only then, so the first is the older one beyond doubt
                // (two connects at once may be accepted in either order).
                let first = try RawHTTPConnection(port: port)
                try first.send(get("/"))
                _ = try first.readResponse()
                let second = try RawHTTPConnection(port: port)
                try second.send(get("/"))
                _ = try second.readResponse()
                // Both must be idle in the server's books before the third comes: MHD
                // reports a finished request from its threads, after the answer may
                // already have reached us.
                _ = eventuallyBlocking(within: .seconds(5)) { live.server.waitingConnectionCount >= 2 }
                let third = try RawHTTPConnection(port: port)
                try third.send(get("/"))
                let thirdServed = try third.readResponse().status == 200
                let oldestClosed = first.waitForServerClose(within: .seconds(5))
                try second.send(get("/"))
                return (oldestClosed, thirdServed, try second.readResponse().status == 200)
            }
            #expect(thirdServed)
            #expect(oldestClosed)
            #expect(secondKept)
        }
    }

    @Test func requestHeadLargerThanTheConnectionMemoryIsRefused() async throws {
        var configuration = LiveServer.configuration()
        configuration.connectionMemoryLimit = 16 * 1024
        try await withLiveServer(configuration, responder: { _ in HTTPResponse(contentType: "text/plain", text: "ok") }) { live in
            let huge = get("/", "X-Filler: \(String(repeating: "f", count: 40_000))\r\n")
            let port = live.port
            let response = try await runOnDedicatedThread {
                let connection = try RawHTTPConnection(port: port)
                try? connection.send(huge)
                return try connection.readResponse()
            }
            #expect(response.status == 431)
            #expect(try await live.exchange(get("/")).bodyText == "ok")
        }
    }
}
