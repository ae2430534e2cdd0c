import HTTPTestKit
import MicroHTTPServer
import TestKit
import Testing

@Suite struct HeadRequestTests {
    @Test func headGetsTheHeadersAndLengthButNoBody() async throws {
        try await withLiveServer(responder: { request in
            HTTPResponse(contentType: "text/plain", text: "hello, \(request.method)", headers: HTTPHeaders([("X-Seen", "yes")]))
        }) { live in
            let port = live.port
            let (head, next) = try await runOnDedicatedThread {
                let connection = try RawHTTPConnection(port: port)
                try connection.send("HEAD /page HTTP/1.1\r\nHost: test\r\n\r\n")
                let head = try connection.readResponse(isHeadRequest: true)
                // If any body bytes had followed the HEAD response, this read would see them.
                try connection.send(get("/page"))
                return (head, try connection.readResponse())
            }
            #expect(head.status == 200)
            #expect(head.header("Content-Length") == "\("hello, HEAD".utf8.count)")
            #expect(head.header("X-Seen") == "yes")
            #expect(head.body.isEmpty)
            #expect(next.status == 200)
            #expect(next.bodyText == "hello, GET")
        }
    }
}
