import CurlHTTPClient
import HTTPTestKit
import Testing

/// Servers that misbehave produce typed errors, never a crash or a hang.
@Suite struct FaultTests {
    @Test(arguments: ["garbage, not HTTP\r\n\r\n", "HTTP/1.1 abc\r\n\r\n", "HTTP/9.9 200 OK\r\n\r\n"])
    func malformedReplyIsReported(reply: String) async throws {
        try await withServer({ _ in .raw(Array(reply.utf8)) }) { server in
            try await withClient { client in
                let error = try await failure(of: HTTPClientRequest(url: server.url("/bad")), on: client)
                #expect(error?.code == .malformedResponse)
            }
        }
    }

    @Test func connectionClosedMidBodyIsReported() async throws {
        let cut: ScriptedHTTPServer.Action = .closeMidBody(.init(payload: .repeating(0x61, count: 10_000)), sentBytes: 100)
        try await withServer({ _ in cut }) { server in
            try await withClient { client in
                let error = try await failure(of: HTTPClientRequest(url: server.url("/cut")), on: client)
                #expect(error?.code == .connectionClosed)
            }
        }
    }

    @Test func chunkedBodyCutShortIsReported() async throws {
        let cut: ScriptedHTTPServer.Action = .closeMidBody(.init(payload: .repeating(0x61, count: 10_000), chunked: true), sentBytes: 100)
        try await withServer({ _ in cut }) { server in
            try await withClient { client in
                let error = try await failure(of: HTTPClientRequest(url: server.url("/cut")), on: client)
                #expect(error?.code == .connectionClosed)
            }
        }
    }

    @Test func closeWithoutReplyIsReported() async throws {
        try await withServer({ _ in .close }) { server in
            try await withClient { client in
                let error = try await failure(of: HTTPClientRequest(url: server.url("/nothing")), on: client)
                #expect(error?.code == .connectionClosed)
            }
        }
    }

    @Test func corruptGzipIsReported() async throws {
        let corrupt = ScriptedHTTPServer.Response(headers: [("Content-Encoding", "gzip")], payload: .bytes(Array("not gzip at all".utf8)))
        try await withServer({ _ in .respond(corrupt) }) { server in
            try await withClient { client in
                let error = try await failure(of: HTTPClientRequest(url: server.url("/corrupt")), on: client)
                #expect(error?.code == .malformedResponse)
            }
        }
    }

    /// A failed request leaves the client usable.
    @Test func clientKeepsWorkingAfterFailures() async throws {
        try await withServer({ request in request.path == "/bad" ? .raw(Array("nonsense\r\n\r\n".utf8)) : .respond(.text("fine")) }) { server in
            try await withClient { client in
                _ = try await failure(of: HTTPClientRequest(url: server.url("/bad")), on: client)
                let reply = try await response(to: HTTPClientRequest(url: server.url("/good")), on: client)
                #expect(reply.body == Array("fine".utf8))
            }
        }
    }
}
