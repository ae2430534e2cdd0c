import CurlHTTPClient
import HTTPTestKit
import TestKit
import Testing

@Suite struct ConcurrencyTests {
    /// Runs `request` in a new task and returns it, so the test can cancel it.
    static func start(_ request: HTTPClientRequest, on client: HTTPClient) -> Task<Result<HTTPClientResponse, HTTPClientError>, Never> {
        Task {
            do throws(HTTPClientError) {
                return .success(try await client.execute(request))
            } catch {
                return .failure(error)
            }
        }
    }

    @Test func cancellingTheTaskAbortsAnInFlightRequest() async throws {
        try await withServer({ _ in .stall }) { server in
            try await withClient { client in
                let task = Self.start(HTTPClientRequest(url: server.url("/stall")), on: client)
                #expect(await server.waitForRequests(1))
                task.cancel()
                let result = try await withDeadline(requestBound) { await task.value }
                #expect(throws: HTTPClientError(.cancelled, message: "the request was cancelled")) { try result.get() }
            }
        }
    }

    @Test func alreadyCancelledTaskNeverConnects() async throws {
        try await withServer(echoHandler) { server in
            try await withClient { client in
                let task = Task { () -> HTTPClientError? in
                    withUnsafeCurrentTask { $0?.cancel() }
                    do throws(HTTPClientError) {
                        _ = try await client.execute(HTTPClientRequest(url: server.url("/never")))
                        return nil
                    } catch {
                        return error
                    }
                }
                let error = try await withDeadline(requestBound) { await task.value }
                #expect(error?.code == .cancelled)
                // A request that did go out would have completed before the task returned.
                #expect(server.requests.isEmpty)
            }
        }
    }

    /// Fifty requests wait on a server that holds its answers; meanwhile the cooperative
    /// pool (two threads on the CI machine) must still run other tasks, which it could
    /// not if waiting requests occupied its threads. Then all fifty complete.
    @Test func fiftyConcurrentRequestsSucceedWithoutBlockingThePool() async throws {
        let gate = TestGate()
        defer { gate.open() }
        try await withServer({ request in
            _ = gate.wait(timeout: .seconds(15))
            return .respond(.text(request.path))
        }) { server in
            try await withClient(HTTPClientConfiguration(maxConnectionsPerHost: 8)) { client in
                async let results = withTaskGroup(of: (Int, Result<HTTPClientResponse, HTTPClientError>?).self) { group in
                    for index in 0..<50 {
                        group.addTask { (index, try? await outcome(of: HTTPClientRequest(url: server.url("/r/\(index)")), on: client)) }
                    }
                    return await group.reduce(into: [Int: Result<HTTPClientResponse, HTTPClientError>?]()) { $0[$1.0] = $1.1 }
                }
                #expect(await server.waitForRequests(8))
                let ticks = try await withDeadline(.seconds(10)) {
                    await withTaskGroup(of: Int.self) { group in
                        for _ in 0..<100 {
                            group.addTask {
                                await Task.yield()
                                return 1
                            }
                        }
                        return await group.reduce(0, +)
                    }
                }
                #expect(ticks == 100)
                gate.open()
                let all = await results
                #expect(all.count == 50)
                for index in 0..<50 {
                    let body = try #require(all[index] ?? nil).get().body
                    #expect(body == Array("/r/\(index)".utf8))
                }
                #expect(server.acceptedConnections <= 8)
            }
        }
    }

    /// Shutdown fails requests at the server and requests still queued in the client
    /// (beyond the per-host connection limit) alike, instead of leaving them hanging.
    @Test func shutdownFailsPendingRequests() async throws {
        try await withServer({ _ in .stall }) { server in
            let client = HTTPClient(configuration: HTTPClientConfiguration(maxConnectionsPerHost: 1))
            let tasks = (0..<3).map { Self.start(HTTPClientRequest(url: server.url("/p/\($0)")), on: client) }
            #expect(await server.waitForRequests(1))
            try await withDeadline(requestBound) { await client.shutdown() }
            for task in tasks {
                let result = try await withDeadline(requestBound) { await task.value }
                #expect(throws: HTTPClientError(.shutDown, message: "the HTTP client was shut down")) { try result.get() }
            }
            let late = try await failure(of: HTTPClientRequest(url: server.url("/late")), on: client)
            #expect(late?.code == .shutDown)
            try await withDeadline(requestBound) { await client.shutdown() }  // Idempotent.
        }
    }
}
