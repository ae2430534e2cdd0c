import CurlHTTPClient
import HTTPTestKit
import Testing

@Suite struct RoundTripTests {
    @Test func getReturnsStatusHeadersAndBody() async throws {
        try await withServer({ _ in
            .respond(.init(status: 201, headers: [("X-One", "1"), ("Set-Cookie", "a=1"), ("set-cookie", "b=2")], payload: .bytes(Array("hello".utf8))))
        }) { server in
            try await withClient { client in
                let reply = try await response(to: HTTPClientRequest(url: server.url("/greeting?x=1")), on: client)
                #expect(reply.status == 201)
                #expect(reply.body == Array("hello".utf8))
                #expect(reply.headers["x-one"] == "1")
                #expect(reply.headers.values(for: "SET-COOKIE") == ["a=1", "b=2"])
                #expect(reply.effectiveURL == server.url("/greeting?x=1"))
                #expect(reply.version == .http1_1)
                let request = try #require(server.requests.first)
                #expect(request.method == "GET")
                #expect(request.target == "/greeting?x=1")
                #expect(request.header("User-Agent") == "GrainStories")
            }
        }
    }

    @Test func postDeliversBodyAndHeadersIntact() async throws {
        let body = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try await withServer(echoHandler) { server in
            try await withClient { client in
                let request = HTTPClientRequest(
                    method: "POST", url: server.url("/upload"),
                    headers: [("Content-Type", "application/octet-stream"), ("Authorization", "Bearer abc"), ("X-Empty", "")],
                    body: .bytes(body))
                let reply = try await response(to: request, on: client)
                #expect(reply.status == 200)
                #expect(reply.body == body)
                let received = try #require(server.requests.first)
                #expect(received.method == "POST")
                #expect(received.body == body)
                #expect(received.header("Content-Type") == "application/octet-stream")
                #expect(received.header("Authorization") == "Bearer abc")
                #expect(received.header("X-Empty") == "")
                #expect(received.header("Content-Length") == "\(body.count)")
                #expect(received.header("Expect") == nil)
            }
        }
    }

    @Test func otherMethodsAreSentAsGiven() async throws {
        try await withServer(echoHandler) { server in
            try await withClient { client in
                let put = HTTPClientRequest(method: "PUT", url: server.url("/p"), body: .bytes(Array("x".utf8)))
                let delete = HTTPClientRequest(method: "DELETE", url: server.url("/d"))
                let head = HTTPClientRequest(method: "HEAD", url: server.url("/h"))
                let putResponse = try await response(to: put, on: client)
                let deleteResponse = try await response(to: delete, on: client)
                let headResponse = try await response(to: head, on: client)
                #expect(putResponse.headers["X-Method"] == "PUT")
                #expect(deleteResponse.headers["X-Method"] == "DELETE")
                #expect(headResponse.status == 200)
                #expect(server.requests.map(\.method) == ["PUT", "DELETE", "HEAD"])
                #expect(server.requests.first?.bodyText == "x")
                #expect(server.requests.first?.header("Content-Type") == nil)
            }
        }
    }

    @Test func sequentialRequestsReuseOneConnection() async throws {
        try await withServer(echoHandler) { server in
            try await withClient { client in
                for path in ["/a", "/b", "/c"] {
                    _ = try await response(to: HTTPClientRequest(url: server.url(path)), on: client)
                }
                #expect(server.requests.count == 3)
                #expect(server.acceptedConnections == 1)
            }
        }
    }

    @Test func gzipResponsesAreDecoded() async throws {
        let text = Array(String(repeating: "grain stories ", count: 2000).utf8)
        let compressed = try ScriptedHTTPServer.Response.gzipped(text)
        try await withServer({ _ in .respond(compressed) }) { server in
            try await withClient { client in
                let reply = try await response(to: HTTPClientRequest(url: server.url("/z")), on: client)
                #expect(reply.body == text)
                #expect(server.requests.first?.header("Accept-Encoding")?.contains("gzip") == true)
            }
        }
    }

    @Test func chunkedResponsesAreReassembled() async throws {
        let body = (0..<300_000).map { UInt8(truncatingIfNeeded: $0) }
        try await withServer({ _ in .respond(.init(payload: .bytes(body), chunked: true)) }) { server in
            try await withClient { client in
                let chunked = try await response(to: HTTPClientRequest(url: server.url("/c")), on: client)
                #expect(chunked.body == body)
            }
        }
    }
}
