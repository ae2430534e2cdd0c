import HTTPTestKit
import MicroHTTPServer
import TestKit
import Testing

/// The server's own listening socket and accept thread (`ListeningSocket`, `AcceptLoop`):
/// what libmicrohttpd's listener did must still hold, on every address family, and a
/// burst of clients bigger than a worker's turn is served whole.
@Suite struct AcceptLoopTests {
    static let ok: @Sendable (HTTPRequest) async -> HTTPResponse = { _ in HTTPResponse(contentType: "text/plain", text: "ok") }

    /// `GET /` on a new connection to `host`; the status, or the error's description.
    static func status(host: String, port: Int) async throws -> String {
        try await runOnDedicatedThread {
            do {
                let connection = try RawHTTPConnection(host: host, port: port, timeout: .seconds(10))
                try connection.send(get("/"))
                return String(try connection.readResponse().status)
            } catch {
                return "\(error)"
            }
        }
    }

    static func configuration(host: String) -> HTTPServerConfiguration {
        var configuration = LiveServer.configuration()
        configuration.host = host
        return configuration
    }

    @Test func theUnspecifiedIPv6AddressServesIPv4AndIPv6Clients() async throws {
        try await withLiveServer(Self.configuration(host: "::"), responder: Self.ok) { live in
            let overIPv4 = try await Self.status(host: "127.0.0.1", port: live.port)
            let overIPv6 = try await Self.status(host: "::1", port: live.port)
            #expect(overIPv4 == "200")
            #expect(overIPv6 == "200")
        }
    }

    @Test func aSpecificIPv6AddressServesIPv6Only() async throws {
        try await withLiveServer(Self.configuration(host: "::1"), responder: Self.ok) { live in
            let overIPv6 = try await Self.status(host: "::1", port: live.port)
            let overIPv4 = try await Self.status(host: "127.0.0.1", port: live.port)
            #expect(overIPv6 == "200")
            #expect(overIPv4 != "200", "an IPv4 client was served: \(overIPv4)")
        }
    }

    /// The socket is closed with the daemon: the port refuses, and can be bound again.
    @Test func afterShutdownThePortRefusesConnectionsAndCanBeBoundAgain() async throws {
        let live = try LiveServer(responder: Self.ok)
        let port = live.port
        #expect(try await Self.status(host: "127.0.0.1", port: port) == "200")
        await live.stop()
        #expect(try await Self.status(host: "127.0.0.1", port: port) != "200")
        var configuration = LiveServer.configuration()
        configuration.port = port
        let again = try LiveServer(configuration, responder: Self.ok)
        #expect(try await Self.status(host: "127.0.0.1", port: port) == "200")
        await again.stop()
    }

    /// 300 clients connect at once, more than libmicrohttpd took in a turn of its loop
    /// (ten), from 30 addresses within their share, and hold their connections: every
    /// one is answered while all 300 are open (none waited behind a limit until others
    /// timed out, none was refused).
    @Test func aBurstOfClientsIsAnsweredWhileAllStayOpen() async throws {
        var configuration = LiveServer.configuration()
        configuration.connectionLimit = 400
        configuration.perClientConnectionLimit = 16
        try await withLiveServer(configuration, responder: Self.ok) { live in
            let (statuses, held) = try await runOnDedicatedThread {
                var held: [RawHTTPConnection] = []
                for index in 0..<300 {
                    held.append(try RawHTTPConnection(port: live.port, source: "127.0.0.\(2 + index % 30)", timeout: .seconds(20)))
                }
                for connection in held { try connection.send(get("/")) }
                let statuses = try held.map { try $0.readResponse().status }
                return (statuses, held)
            }
            #expect(statuses.count == 300)
            #expect(statuses.allSatisfy { $0 == 200 }, "statuses: \(Set(statuses))")
            #expect(live.server.openConnectionCount == 300)
            withExtendedLifetime(held) {}
        }
    }
}
