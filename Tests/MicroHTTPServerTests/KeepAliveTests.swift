import HTTPTestKit
import MicroHTTPServer
import TestKit
import Testing

@Suite struct KeepAliveTests {
    @Test func twoRequestsShareOneConnection() async throws {
        try await withLiveServer(responder: { request in
            HTTPResponse(contentType: "text/plain", text: "you asked for \(request.path)")
        }) { live in
            let port = live.port
            let (first, second) = try await runOnDedicatedThread {
                let connection = try RawHTTPConnection(port: port)
                try connection.send(get("/one"))
                let first = try connection.readResponse()
                try connection.send(get("/two"))
                let second = try connection.readResponse()
                return (first, second)
            }
            #expect(first.status == 200)
            #expect(first.bodyText == "you asked for /one")
            #expect(second.status == 200)
            #expect(second.bodyText == "you asked for /two")
        }
    }
}
