import CurlHTTPClient
import HTTPTestKit
import Testing

@Suite struct AddressPolicyTests {
    static let publicOnly = HTTPClientConfiguration(addressPolicy: .publicOnly)

    /// Each URL reaches the loopback server by a different spelling; all are refused at
    /// connect time, after name resolution, and nothing reaches the server.
    @Test(arguments: [
        "http://127.0.0.1:PORT/", "http://localhost:PORT/", "http://[::1]:PORT/",
        "http://[::ffff:127.0.0.1]:PORT/", "http://2130706433:PORT/", "http://0.0.0.0:PORT/",
    ])
    func loopbackIsRefusedUnderPublicOnly(template: String) async throws {
        try await withServer(echoHandler) { server in
            try await withClient(Self.publicOnly) { client in
                let url = template.replacingPort(with: server.port)
                let error = try await failure(of: HTTPClientRequest(url: url), on: client)
                #expect(error?.code == .blockedAddress)
                #expect(error?.message.contains("public-only address policy") == true)
                #expect(server.acceptedConnections == 0)
            }
        }
    }

    @Test func blockedErrorNamesTheAddressAndWhy() async throws {
        try await withServer(echoHandler) { server in
            try await withClient(Self.publicOnly) { client in
                let error = try await failure(of: HTTPClientRequest(url: server.url("/")), on: client)
                #expect(error?.message.contains("127.0.0.1 is a loopback address") == true)
            }
        }
    }

    /// The same server is reachable under the default policy, so the refusal above is
    /// the policy's doing.
    @Test func loopbackIsAllowedUnderAny() async throws {
        try await withServer(echoHandler) { server in
            try await withClient { client in
                let reply = try await response(to: HTTPClientRequest(url: server.url("/")), on: client)
                #expect(reply.status == 200)
                #expect(server.acceptedConnections == 1)
            }
        }
    }
}

extension String {
    func replacingPort(with port: Int) -> String {
        split(separator: "PORT", omittingEmptySubsequences: false).joined(separator: "\(port)")
    }
}
