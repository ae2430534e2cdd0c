import Foundation
import HTTPTestKit
import MicroHTTPServer
import TestKit
import Testing

/// `.fileRange` bodies reach the socket from the file (sendfile at an offset) with the
/// range's length, and a range the file cannot hold is a 500, never a short body.
@Suite struct FileRangeResponseTests {
    private static let content = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ $0 >> 9) }

    private static func withFile(_ body: (String) async throws -> Void) async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("file-range-\(UUID().uuidString)").path
        try Data(content).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        try await body(path)
    }

    @Test(arguments: [(0, 1), (0, 200_000), (12_345, 67_890), (199_999, 1), (150_000, 50_000)])
    func aRangeSendsExactlyThoseBytesWithTheirLength(offset: Int, length: Int) async throws {
        try await Self.withFile { path in
            try await withLiveServer(responder: { _ in
                HTTPResponse(status: .partialContent, body: .fileRange(path: path, offset: offset, length: length))
            }) { live in
                let port = live.port
                let (part, head) = try await runOnDedicatedThread {
                    let connection = try RawHTTPConnection(port: port)
                    try connection.send(get("/file"))
                    let part = try connection.readResponse()
                    try connection.send("HEAD /file HTTP/1.1\r\nHost: t\r\n\r\n")
                    return (part, try connection.readResponse(isHeadRequest: true))
                }
                #expect(part.status == 206)
                #expect(part.header("Content-Length") == "\(length)")
                #expect(part.body == Array(Self.content[offset..<offset + length]))
                #expect(head.header("Content-Length") == "\(length)")
                #expect(head.body.isEmpty)
            }
        }
    }

    @Test(arguments: [(199_999, 2), (200_000, 1), (-1, 10)])
    func aRangeOutsideTheFileIsA500(offset: Int, length: Int) async throws {
        try await Self.withFile { path in
            try await withLiveServer(responder: { _ in
                HTTPResponse(status: .partialContent, body: .fileRange(path: path, offset: offset, length: length))
            }) { live in
                let response = try await live.exchange(get("/"))
                #expect(response.status == 500)
                #expect(live.logs.contains { $0.contains("range") })
            }
        }
    }

    @Test func aWholeFileIsSentOnTheFastPathToo() async throws {
        try await Self.withFile { path in
            let live = try LiveServer(
                immediate: { _ in
                    HTTPResponse(body: .file(path: path, size: Self.content.count))
                }, responder: { _ in HTTPResponse(contentType: "text/plain", text: "async") })
            let response = try await live.exchange(get("/file"))
            await live.stop()
            #expect(response.status == 200)
            #expect(response.header("Content-Length") == "\(Self.content.count)")
            #expect(response.body == Self.content)
        }
    }
}
