import HTTPTestKit
import MicroHTTPServer
import Synchronization
import TestKit
import Testing

/// Answers "/fast" on the synchronous fast path and everything else asynchronously,
/// counting how often each path ran.
private final class TwoPathResponder: HTTPResponder {
    let immediateCalls = Mutex(0)
    let asyncCalls = Mutex(0)

    func respondImmediately(to request: HTTPRequest) -> HTTPResponse? {
        immediateCalls.withLock { $0 += 1 }
        guard request.path == "/fast" else { return nil }
        return HTTPResponse(contentType: "text/plain", text: "immediate \(request.body.count)")
    }

    func respond(to request: HTTPRequest) async -> HTTPResponse {
        asyncCalls.withLock { $0 += 1 }
        await Task.yield()
        return HTTPResponse(contentType: "text/plain", text: "async")
    }
}

@Suite struct ImmediateResponseTests {
    @Test func fastPathAnswersWithoutTheAsyncHandlerAndKeepsTheConnection() async throws {
        let responder = TwoPathResponder()
        let server = HTTPServer(configuration: LiveServer.configuration(), responder: responder)
        try server.start()
        let port = server.port
        let responses = try await runOnDedicatedThread {
            let connection = try RawHTTPConnection(port: port)
            try connection.send("POST /fast HTTP/1.1\r\nHost: t\r\nContent-Length: 3\r\n\r\nabc")
            let fast = try connection.readResponse()
            try connection.send(get("/slow"))
            let slow = try connection.readResponse()
            try connection.send(get("/fast"))
            return [fast, slow, try connection.readResponse()]
        }
        await server.shutdown()
        #expect(responses.map(\.bodyText) == ["immediate 3", "async", "immediate 0"])
        #expect(responder.immediateCalls.withLock { $0 } == 3)
        #expect(responder.asyncCalls.withLock { $0 } == 1)
    }

    @Test func defaultFastPathDeclines() {
        let responder = ClosureResponder { _ in HTTPResponse() }
        #expect(responder.respondImmediately(to: HTTPRequest(method: .get, target: "/")) == nil)
    }
}
