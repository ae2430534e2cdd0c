import CurlHTTPClient
import Foundation
import HTTPTestKit
import Testing

@Suite struct UploadTests {
    /// Writes `bytes` to a fresh temporary file and removes it after `body`.
    static func withTemporaryFile<T>(_ bytes: [UInt8], _ body: (String) async throws -> T) async throws -> T {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("curl-upload-\(UUID().uuidString)")
        try Data(bytes).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return try await body(url.path)
    }

    static let payload = (0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 11) }

    @Test func fileBodyIsStreamedIntact() async throws {
        try await Self.withTemporaryFile(Self.payload) { path in
            try await withServer({ _ in .respond(.text("stored", status: 201)) }) { server in
                try await withClient { client in
                    let request = HTTPClientRequest(method: "PUT", url: server.url("/blob"), headers: [("Content-Type", "image/jpeg")], body: .file(path: path))
                    let reply = try await response(to: request, on: client)
                    #expect(reply.status == 201)
                    let received = try #require(server.requests.first)
                    #expect(received.method == "PUT")
                    #expect(received.header("Content-Length") == "\(Self.payload.count)")
                    #expect(received.header("Content-Type") == "image/jpeg")
                    #expect(received.body == Self.payload)
                }
            }
        }
    }

    /// A 307 makes libcurl send the body again, which needs the file rewound.
    @Test func fileBodyIsResentAfterA307() async throws {
        try await Self.withTemporaryFile(Self.payload) { path in
            try await withServer({ request in
                request.path == "/first" ? .respond(.redirect(to: "/second", status: 307)) : .respond(.text("ok"))
            }) { server in
                try await withClient(HTTPClientConfiguration(maxRedirects: 1)) { client in
                    let request = HTTPClientRequest(method: "POST", url: server.url("/first"), body: .file(path: path))
                    let reply = try await response(to: request, on: client)
                    #expect(reply.status == 200)
                    #expect(server.requests.map(\.path) == ["/first", "/second"])
                    #expect(server.requests.last?.body == Self.payload)
                }
            }
        }
    }

    @Test func missingFileFailsBeforeConnecting() async throws {
        try await withServer(echoHandler) { server in
            try await withClient { client in
                let request = HTTPClientRequest(method: "POST", url: server.url("/"), body: .file(path: "/nonexistent/\(UUID().uuidString)"))
                let error = try await failure(of: request, on: client)
                #expect(error?.code == .uploadFailed)
                #expect(server.acceptedConnections == 0)
            }
        }
    }

    /// A directory (or FIFO, or device) is refused: reading one could block the client's
    /// thread or never end.
    @Test func nonRegularFileIsRefused() async throws {
        try await withServer(echoHandler) { server in
            try await withClient { client in
                let request = HTTPClientRequest(method: "POST", url: server.url("/"), body: .file(path: FileManager.default.temporaryDirectory.path))
                let error = try await failure(of: request, on: client)
                #expect(error?.code == .uploadFailed)
                #expect(error?.message.contains("regular file") == true)
            }
        }
    }
}
