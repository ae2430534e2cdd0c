import CurlHTTPClient
import HTTPTestKit
import Testing

@Suite struct LimitTests {
    static let smallCap = HTTPClientConfiguration(maxResponseBytes: 64 * 1024)

    @Test func declaredLengthOverTheCapIsRefused() async throws {
        try await withServer({ _ in .respond(.init(payload: .repeating(0x61, count: 4 << 20))) }) { server in
            try await withClient(Self.smallCap) { client in
                let error = try await failure(of: HTTPClientRequest(url: server.url("/big")), on: client)
                #expect(error?.code == .responseTooLarge)
            }
        }
    }

    @Test func chunkedBodyGrowingPastTheCapIsAborted() async throws {
        try await withServer({ _ in .respond(.init(payload: .repeating(0x61, count: 64 << 20), chunked: true)) }) { server in
            try await withClient(Self.smallCap) { client in
                let error = try await failure(of: HTTPClientRequest(url: server.url("/endless")), on: client)
                #expect(error?.code == .responseTooLarge)
            }
        }
    }

    @Test func bodyExactlyAtTheCapIsAccepted() async throws {
        try await withServer({ _ in .respond(.init(payload: .repeating(0x62, count: 64 * 1024), chunked: true)) }) { server in
            try await withClient(Self.smallCap) { client in
                let reply = try await response(to: HTTPClientRequest(url: server.url("/exact")), on: client)
                #expect(reply.body.count == 64 * 1024)
            }
        }
    }

    /// The cap applies to the decoded body, so a small gzip bomb is stopped too.
    @Test func decodedSizeCountsAgainstTheCap() async throws {
        let bomb = try ScriptedHTTPServer.Response.gzipped([UInt8](repeating: 0, count: 4 << 20))
        try await withServer({ _ in .respond(bomb) }) { server in
            try await withClient(Self.smallCap) { client in
                let error = try await failure(of: HTTPClientRequest(url: server.url("/bomb")), on: client)
                #expect(error?.code == .responseTooLarge)
            }
        }
    }

    /// A HEAD response announces the length of a body it does not send; that is not
    /// a reason to refuse it.
    @Test func headResponseLengthIsNotHeldAgainstTheCap() async throws {
        let head = Array("HTTP/1.1 200 OK\r\nContent-Length: 4000000\r\n\r\n".utf8)
        try await withServer({ _ in .raw(head) }) { server in
            try await withClient(Self.smallCap) { client in
                let reply = try await response(to: HTTPClientRequest(method: "HEAD", url: server.url("/big")), on: client)
                #expect(reply.status == 200)
                #expect(reply.headers["Content-Length"] == "4000000")
                #expect(reply.body.isEmpty)
            }
        }
    }

    /// A request can lower the client's cap for answers known to be small.
    @Test func perRequestCapLowersTheClientCap() async throws {
        try await withServer({ _ in .respond(.init(payload: .repeating(0x61, count: 8 * 1024), chunked: true)) }) { server in
            try await withClient(Self.smallCap) { client in
                let error = try await failure(of: HTTPClientRequest(url: server.url("/small"), maxResponseBytes: 4096), on: client)
                #expect(error?.code == .responseTooLarge)
                let reply = try await response(to: HTTPClientRequest(url: server.url("/small")), on: client)
                #expect(reply.body.count == 8 * 1024)
            }
        }
    }

    /// A per-request cap above the client's never raises it.
    @Test func perRequestCapCannotRaiseTheClientCap() async throws {
        try await withServer({ _ in .respond(.init(payload: .repeating(0x61, count: 128 * 1024), chunked: true)) }) { server in
            try await withClient(Self.smallCap) { client in
                let error = try await failure(of: HTTPClientRequest(url: server.url("/big"), maxResponseBytes: 1 << 20), on: client)
                #expect(error?.code == .responseTooLarge)
            }
        }
    }

    @Test func nonPositivePerRequestCapIsRefused() async throws {
        try await withClient { client in
            let error = try await failure(of: HTTPClientRequest(url: "http://127.0.0.1:9/", maxResponseBytes: 0), on: client)
            #expect(error?.code == .invalidRequest)
        }
    }
}
