import Foundation
import HTTPTestKit
import MicroHTTPServer
import TestKit
import Testing

@Suite struct ResponseTests {
    @Test func fileResponseSendsTheWholeFileAndHeadSendsOnlyItsLength() async throws {
        let content = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("file-response-\(UUID().uuidString)").path
        try Data(content).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        try await withLiveServer(responder: { _ in
            HTTPResponse(headers: HTTPHeaders([("Content-Type", "application/octet-stream")]), body: .file(path: path, size: content.count))
        }) { live in
            let port = live.port
            let (full, head) = try await runOnDedicatedThread {
                let connection = try RawHTTPConnection(port: port)
                try connection.send(get("/file"))
                let full = try connection.readResponse()
                try connection.send("HEAD /file HTTP/1.1\r\nHost: t\r\n\r\n")
                return (full, try connection.readResponse(isHeadRequest: true))
            }
            #expect(full.status == 200)
            #expect(full.header("Content-Type") == "application/octet-stream")
            #expect(full.body == content)
            #expect(head.header("Content-Length") == "\(content.count)")
            #expect(head.body.isEmpty)
        }
    }

    @Test(arguments: ["/definitely/not/here", "/tmp"])
    func unreadableFileGets500WithTheDefaultHeaders(path: String) async throws {
        let configuration = LiveServer.configuration(defaultHeaders: [("X-Server", "grain")])
        try await withLiveServer(
            configuration,
            responder: { _ in
                HTTPResponse(body: .file(path: path, size: 10))
            }
        ) { live in
            let response = try await live.exchange(get("/"))
            #expect(response.status == 500)
            #expect(response.header("X-Server") == "grain")
            #expect(live.logs.contains { $0.contains(path) })
        }
    }

    @Test func statusHeadersAndLargeBytesBodyArriveIntact() async throws {
        let body = (0..<1_000_000).map { UInt8(truncatingIfNeeded: $0 / 3) }
        try await withLiveServer(responder: { _ in
            HTTPResponse(
                status: .created,
                headers: HTTPHeaders([("Set-Cookie", "a=1"), ("Set-Cookie", "b=2"), ("Content-Length", "5"), ("X-Empty", "")]),
                body: .bytes(body)
            )
        }) { live in
            let response = try await live.exchange(get("/"))
            #expect(response.status == 201)
            #expect(response.headerValues("Set-Cookie") == ["a=1", "b=2"])
            #expect(response.headerValues("Content-Length") == ["\(body.count)"])
            #expect(response.body == body)
        }
    }

    @Test func headerValueWithLineBreakIsDroppedNotInjected() async throws {
        try await withLiveServer(responder: { _ in
            HTTPResponse(headers: HTTPHeaders([("X-Evil", "a\r\nInjected: yes"), ("X-Fine", "ok")]), body: .bytes(Array("x".utf8)))
        }) { live in
            let response = try await live.exchange(get("/"))
            #expect(response.status == 200)
            #expect(response.header("Injected") == nil)
            #expect(response.header("X-Evil") == nil)
            #expect(response.header("X-Fine") == "ok")
            #expect(live.logs.contains { $0.contains("X-Evil") })
        }
    }

    @Test(arguments: [42, 100, 199, 600, 1000, -1])
    func invalidStatusBecomes500(code: Int) async throws {
        try await withLiveServer(responder: { _ in HTTPResponse(status: HTTPStatus(code)) }) { live in
            let response = try await live.exchange(get("/"))
            #expect(response.status == 500)
        }
    }

    @Test func emptyBodiesHaveZeroLength() async throws {
        try await withLiveServer(responder: { request in
            request.path == "/bytes" ? HTTPResponse(body: .bytes([])) : HTTPResponse(status: .noContent)
        }) { live in
            let empty = try await live.exchange(get("/bytes"))
            #expect(empty.status == 200)
            #expect(empty.header("Content-Length") == "0")
            let noContent = try await live.exchange(get("/none"))
            #expect(noContent.status == 204)
            #expect(noContent.body.isEmpty)
        }
    }
}
