import HTTPTestKit
import MicroHTTPServer
import TestKit
import Testing

@Suite struct ConcurrencyTests {
    @Test func fiftyConcurrentRequestsToAnAwaitingHandlerAllSucceed() async throws {
        let clients = 50
        // No handler may answer before all 50 are running at once: a server that blocked
        // a thread per handler (2 threads here) could never get there.
        let barrier = AsyncBarrier(count: clients)
        try await withLiveServer(responder: { request in
            let together = await barrier.arriveAndWait(timeout: .seconds(20))
            try? await Task.sleep(for: .milliseconds(10))
            return together
                ? HTTPResponse(contentType: "text/plain", text: "done \(request.path)")
                : HTTPResponse(status: .internalServerError)
        }) { live in
            let port = live.port
            let responses = try await withThrowingTaskGroup(of: (Int, RawHTTPResponse).self) { group in
                for index in 0..<clients {
                    group.addTask {
                        try await runOnDedicatedThread {
                            let connection = try RawHTTPConnection(port: port, timeout: .seconds(30))
                            try connection.send(get("/client/\(index)"))
                            return (index, try connection.readResponse())
                        }
                    }
                }
                var responses: [Int: RawHTTPResponse] = [:]
                for try await (index, response) in group { responses[index] = response }
                return responses
            }
            #expect(responses.count == clients)
            for index in 0..<clients {
                #expect(responses[index]?.status == 200)
                #expect(responses[index]?.bodyText == "done /client/\(index)")
            }
        }
    }
}
