import CurlHTTPClient
import HTTPTestKit
import Testing

@Suite struct RequestValidationTests {
    @Test(arguments: ["", "not a url", "example.com/path", "http://", "http:///path", "http://exa mple.com/", "http://host/\r\nX: y", "://host/"])
    func invalidURLsAreRefused(url: String) async throws {
        try await withClient { client in
            let error = try await failure(of: HTTPClientRequest(url: url), on: client)
            #expect(error?.code == .invalidURL)
        }
    }

    @Test(arguments: ["file:///etc/passwd", "ftp://127.0.0.1/", "FILE:///etc/hostname", "gopher://127.0.0.1:70/", "dict://127.0.0.1/"])
    func otherSchemesAreRefused(url: String) async throws {
        try await withClient { client in
            let error = try await failure(of: HTTPClientRequest(url: url), on: client)
            #expect(error?.code == .unsupportedScheme)
        }
    }

    @Test func uppercaseSchemeIsAccepted() async throws {
        try await withServer(echoHandler) { server in
            try await withClient { client in
                let reply = try await response(to: HTTPClientRequest(url: "HTTP://127.0.0.1:\(server.port)/up"), on: client)
                #expect(reply.status == 200)
            }
        }
    }

    @Test(arguments: [
        HTTPClientRequest(method: "GET /x HTTP/1.1\r\n", url: "http://127.0.0.1/"),
        HTTPClientRequest(method: "", url: "http://127.0.0.1/"),
        HTTPClientRequest(url: "http://127.0.0.1/", headers: [("X-Evil", "a\r\nInjected: yes")]),
        HTTPClientRequest(url: "http://127.0.0.1/", headers: [("Bad Name", "v")]),
        HTTPClientRequest(url: "http://127.0.0.1/", headers: [("X-Nul", "a\u{0}b")]),
        HTTPClientRequest(url: "http://127.0.0.1/", timeout: .zero),
    ])
    func injectionAndNonsenseAreRefused(request: HTTPClientRequest) async throws {
        try await withServer(echoHandler) { server in
            var aimed = request
            aimed.url = server.url("/")
            try await withClient { client in
                let error = try await failure(of: aimed, on: client)
                #expect(error?.code == .invalidRequest)
                #expect(server.acceptedConnections == 0)
            }
        }
    }

    /// Errors carry no request data, so logging one cannot leak a bearer token.
    @Test func errorsNeverContainRequestHeaders() async throws {
        let secret = "s3cr3t-token-value"
        try await withServer({ _ in .raw(Array("garbage\r\n\r\n".utf8)) }) { server in
            try await withClient { client in
                let requests = [
                    HTTPClientRequest(url: server.url("/"), headers: [("Authorization", "Bearer \(secret)")]),
                    HTTPClientRequest(url: server.url("/"), headers: [("X-Bad", "\(secret)\r\n")]),
                    HTTPClientRequest(url: "ftp://127.0.0.1/", headers: [("Authorization", "Bearer \(secret)")]),
                ]
                for request in requests {
                    let error = try #require(try await failure(of: request, on: client))
                    var dumped = ""
                    dump(error, to: &dumped)
                    for text in [String(describing: error), String(reflecting: error), dumped] {
                        #expect(!text.contains(secret))
                    }
                }
            }
        }
    }
}
