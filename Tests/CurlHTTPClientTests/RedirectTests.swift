import CurlHTTPClient
import HTTPTestKit
import Testing

@Suite struct RedirectTests {
    /// `/hop/N` redirects to `/hop/N-1`; `/hop/0` answers 200.
    static let hops: ScriptedHTTPServer.Handler = { request in
        let remaining = Int(request.path.split(separator: "/").last ?? "") ?? 0
        return remaining > 0 ? .respond(.redirect(to: "/hop/\(remaining - 1)")) : .respond(.text("arrived"))
    }

    @Test func redirectsAreReturnedNotFollowedByDefault() async throws {
        try await withServer(Self.hops) { server in
            try await withClient { client in
                let reply = try await response(to: HTTPClientRequest(url: server.url("/hop/2")), on: client)
                #expect(reply.status == 302)
                #expect(reply.headers["Location"] == "/hop/1")
                #expect(server.requests.count == 1)
            }
        }
    }

    @Test func redirectsAreFollowedUpToTheLimit() async throws {
        try await withServer(Self.hops) { server in
            try await withClient(HTTPClientConfiguration(maxRedirects: 3)) { client in
                let reply = try await response(to: HTTPClientRequest(url: server.url("/hop/3")), on: client)
                #expect(reply.status == 200)
                #expect(reply.body == Array("arrived".utf8))
                #expect(reply.effectiveURL == server.url("/hop/0"))
                #expect(reply.headers["Location"] == nil)
                #expect(server.requests.map(\.path) == ["/hop/3", "/hop/2", "/hop/1", "/hop/0"])
            }
        }
    }

    @Test func oneRedirectTooManyFails() async throws {
        try await withServer(Self.hops) { server in
            try await withClient(HTTPClientConfiguration(maxRedirects: 3)) { client in
                let error = try await failure(of: HTTPClientRequest(url: server.url("/hop/4")), on: client)
                #expect(error?.code == .tooManyRedirects)
            }
        }
    }

    @Test(arguments: ["file:///etc/passwd", "ftp://127.0.0.1/", "gopher://127.0.0.1/"])
    func redirectsToOtherSchemesAreRefused(target: String) async throws {
        try await withServer({ _ in .respond(.redirect(to: target)) }) { server in
            try await withClient(HTTPClientConfiguration(maxRedirects: 3)) { client in
                let error = try await failure(of: HTTPClientRequest(url: server.url("/away")), on: client)
                #expect(error?.code == .unsupportedScheme)
                #expect(server.requests.count == 1)
            }
        }
    }
}
