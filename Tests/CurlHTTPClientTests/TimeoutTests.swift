import CurlHTTPClient
import HTTPTestKit
import Testing

@Suite struct TimeoutTests {
    @Test func refusedConnectionFailsWithConnectFailed() async throws {
        let closed = try RefusingPort()
        try await withClient { client in
            let error = try await failure(of: HTTPClientRequest(url: closed.url()), on: client)
            #expect(error?.code == .connectFailed)
            #expect(error?.curlCode == 7)
        }
    }

    /// The connect timeout, not the much longer total timeout, ends a connect that hangs.
    @Test func hangingConnectEndsAtTheConnectTimeout() async throws {
        let listener = try UnansweredListener()
        let configuration = HTTPClientConfiguration(connectTimeout: .milliseconds(300), totalTimeout: .seconds(60))
        try await withClient(configuration) { client in
            let error = try await failure(of: HTTPClientRequest(url: listener.url()), on: client)
            #expect(error?.code == .timedOut)
            #expect(error?.message.contains("onnect") == true)
        }
    }

    @Test func stalledServerFailsWithTimedOut() async throws {
        try await withServer({ _ in .stall }) { server in
            try await withClient(HTTPClientConfiguration(totalTimeout: .milliseconds(300))) { client in
                let error = try await failure(of: HTTPClientRequest(url: server.url("/slow")), on: client)
                #expect(error?.code == .timedOut)
                #expect(await server.waitForRequests(1))
            }
        }
    }

    @Test func bodyThatStallsAfterHeadersTimesOut() async throws {
        try await withServer({ _ in .headersThenStall(.init(payload: .repeating(0x61, count: 1000))) }) { server in
            try await withClient(HTTPClientConfiguration(totalTimeout: .milliseconds(300))) { client in
                let error = try await failure(of: HTTPClientRequest(url: server.url("/half")), on: client)
                #expect(error?.code == .timedOut)
            }
        }
    }

    @Test func perRequestTimeoutOverridesTheClients() async throws {
        try await withServer({ _ in .delayed(milliseconds: 1500, .respond(.text("late"))) }) { server in
            try await withClient(HTTPClientConfiguration(totalTimeout: .milliseconds(200))) { client in
                let patient = HTTPClientRequest(url: server.url("/late"), timeout: .seconds(15))
                let reply = try await response(to: patient, on: client)
                #expect(reply.body == Array("late".utf8))
                let impatient = try await failure(of: HTTPClientRequest(url: server.url("/late")), on: client)
                #expect(impatient?.code == .timedOut)
            }
        }
    }
}
