import HTTPTestKit
import MicroHTTPServer
import Testing

/// Forwarded headers reach handlers only from a trusted proxy: from anyone else a
/// visitor could claim HTTPS (and get cookies marked Secure) or another host.
@Suite struct ForwardedHeaderTests {
    static let forwarded = "X-Forwarded-Proto: https\r\nX-Forwarded-Host: evil.example\r\nX-Forwarded-For: 198.51.100.7\r\nForwarded: proto=https\r\n"

    /// The forwarded fields the handler saw, as "name=value" lines.
    static let echo: @Sendable (HTTPRequest) async -> HTTPResponse = { request in
        let seen = ["X-Forwarded-Proto", "X-Forwarded-Host", "X-Forwarded-For", "Forwarded"].compactMap { name in
            request.headers[name].map { "\(name)=\($0)" }
        }
        return HTTPResponse(contentType: "text/plain", text: seen.joined(separator: "\n"))
    }

    @Test func anUntrustedPeersForwardedHeadersNeverReachTheHandler() async throws {
        try await withLiveServer(responder: Self.echo) { live in
            let response = try await live.exchange(get("/", Self.forwarded))
            #expect(response.bodyText == "")
        }
    }

    @Test func aTrustedProxysForwardedHeadersReachTheHandler() async throws {
        var configuration = LiveServer.configuration()
        configuration.trustedProxies = [try #require(IPAddressRange("127.0.0.1"))]
        try await withLiveServer(configuration, responder: Self.echo) { live in
            let response = try await live.exchange(get("/", Self.forwarded))
            #expect(response.bodyText.contains("X-Forwarded-Proto=https"))
            #expect(response.bodyText.contains("X-Forwarded-Host=evil.example"))
            #expect(response.bodyText.contains("Forwarded=proto=https"))
        }
    }
}
