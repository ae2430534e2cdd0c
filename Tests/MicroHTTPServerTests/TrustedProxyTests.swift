import HTTPTestKit
import MicroHTTPServer
import Synchronization
import TestKit
import Testing

/// Who a request is from, and each client's fair share, directly and behind a proxy.
@Suite struct TrustedProxyTests {
    @Test(arguments: [
        ("127.0.0.1", "127.0.0.1", true), ("127.0.0.1", "127.0.0.2", false),
        ("10.0.0.0/8", "10.200.3.4", true), ("10.0.0.0/8", "11.0.0.1", false),
        ("fd00::/8", "fd12::1", true), ("fd00::/8", "fe80::1", false),
        ("::1", "::1", true), ("192.168.1.0/24", "::ffff:192.168.1.9", true),
        ("0.0.0.0/0", "8.8.8.8", true), ("10.0.0.0/8", "not an address", false),
    ])
    func rangesContainWhatTheyName(range: String, address: String, contained: Bool) throws {
        let parsed = try #require(IPAddressRange(range))
        #expect(parsed.contains(address) == contained)
    }

    @Test(arguments: ["", "example.com", "10.0.0.0/33", "::/129", "10.0.0.0/-1", "10.0.0.0/8/8", "1.2.3"])
    func malformedRangesAreRefused(text: String) {
        #expect(IPAddressRange(text) == nil)
    }

    @Test func theClientIsTheRightMostForwardedAddressThatIsNotATrustedProxy() throws {
        let trusted = [try #require(IPAddressRange("127.0.0.1")), try #require(IPAddressRange("10.0.0.0/8"))]
        #expect(trusted.client(peer: "127.0.0.1", forwardedFor: ["198.51.100.7"]) == "198.51.100.7")
        // What the client claimed about itself (left) proves nothing; the proxies' own hops are skipped.
        #expect(trusted.client(peer: "127.0.0.1", forwardedFor: ["6.6.6.6, 198.51.100.7, 10.1.2.3"]) == "198.51.100.7")
        #expect(trusted.client(peer: "127.0.0.1", forwardedFor: ["6.6.6.6", "198.51.100.7"]) == "198.51.100.7")
        // An untrusted peer's header is ignored; a trusted one without a header is the client.
        #expect(trusted.client(peer: "203.0.113.1", forwardedFor: ["198.51.100.7"]) == "203.0.113.1")
        #expect(trusted.client(peer: "127.0.0.1", forwardedFor: []) == "127.0.0.1")
        // Garbage where an address should be: the proxy stays the client.
        #expect(trusted.client(peer: "127.0.0.1", forwardedFor: ["<script>"]) == "127.0.0.1")
    }

    /// Counts requests that reached the handler's hold.
    final class Arrivals: Sendable {
        private let count = Mutex(0)
        var value: Int { count.withLock { $0 } }
        func record() { count.withLock { $0 += 1 } }
    }

    private func echoingServer(trusting proxies: [String], limit: Int = 128, release: AsyncGate? = nil, arrivals: Arrivals? = nil) throws -> LiveServer {
        var configuration = LiveServer.configuration()
        configuration.trustedProxies = proxies.compactMap(IPAddressRange.init)
        configuration.perClientConnectionLimit = limit
        return try LiveServer(
            configuration,
            responder: { request in
                if request.path == "/hold", let release {
                    arrivals?.record()
                    await release.wait()
                }
                return HTTPResponse(contentType: "text/plain", text: request.clientAddress)
            })
    }

    @Test func forwardedForIsBelievedOnlyFromATrustedProxy() async throws {
        let trusting = try echoingServer(trusting: ["127.0.0.1"])
        #expect(try await trusting.exchange(get("/", "X-Forwarded-For: 198.51.100.7\r\n")).bodyText == "198.51.100.7")
        await trusting.stop()
        let untrusting = try echoingServer(trusting: [])
        #expect(try await untrusting.exchange(get("/", "X-Forwarded-For: 198.51.100.7\r\n")).bodyText == "127.0.0.1")
        await untrusting.stop()
    }

    @Test func aTrustedProxyIsNotHeldToOnePeersConnectionShare() async throws {
        let live = try echoingServer(trusting: ["127.0.0.1"], limit: 2)
        let port = live.port
        let statuses = try await runOnDedicatedThread { () -> [Int] in
            let connections = try (0..<4).map { _ in try RawHTTPConnection(port: port) }
            return try connections.enumerated().map { index, connection in
                try connection.send(get("/", "X-Forwarded-For: 198.51.100.\(index)\r\n"))
                return try connection.readResponse().status
            }
        }
        #expect(statuses == [200, 200, 200, 200])
        await live.stop()
    }

    @Test func behindAProxyEachClientHasItsOwnShareOfOpenRequests() async throws {
        let release = AsyncGate()
        let arrivals = Arrivals()
        let live = try echoingServer(trusting: ["127.0.0.1"], limit: 2, release: release, arrivals: arrivals)
        let port = live.port
        // Two requests of one client held open by the handler fill its share.
        let held = try await runOnDedicatedThread { () -> [RawHTTPConnection] in
            try (0..<2).map { _ in
                let connection = try RawHTTPConnection(port: port)
                try connection.send(get("/hold", "X-Forwarded-For: 198.51.100.1\r\n"))
                return connection
            }
        }
        // Both must be in the handler before the third arrives (a condition, bounded).
        #expect(await eventually { arrivals.value == 2 }, "the held requests never reached the handler")
        let third = try await live.exchange(get("/", "X-Forwarded-For: 198.51.100.1\r\n"))
        #expect(third.status == 429)
        let other = try await live.exchange(get("/", "X-Forwarded-For: 198.51.100.2\r\n"))
        #expect(other.status == 200)
        #expect(other.bodyText == "198.51.100.2")
        release.open()
        let finished = try await runOnDedicatedThread { try held.map { try $0.readResponse().status } }
        #expect(finished == [200, 200])
        await live.stop()
    }
}
