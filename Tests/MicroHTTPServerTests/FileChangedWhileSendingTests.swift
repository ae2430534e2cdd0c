import Foundation
import Glibc
import HTTPTestKit
import MicroHTTPServer
import TestKit
import Testing

/// A file body is sent from the descriptor opened when the response was queued: a file
/// removed meanwhile (the media cache evicting it) is still sent whole, and a file cut
/// short under the server ends that one connection without stalling the server.
@Suite(.serialized) struct FileChangedWhileSendingTests {
    /// Larger than what the server's socket buffer (at most 4 MiB on Linux by default)
    /// and the client's fixed 64 KiB receive buffer hold, so most of it is still unsent
    /// when the client has read the first bytes and the test changes the file.
    private static let size = 16 << 20
    /// A 65,521-byte block (a prime, so no two 4 KiB pages of the file are alike) repeated.
    private static let content: [UInt8] = {
        let block = (0..<65_521).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 11) }
        var content: [UInt8] = []
        content.reserveCapacity(size)
        while content.count < size { content += block.prefix(size - content.count) }
        return content
    }()

    private static func isPrefixOfContent(_ bytes: [UInt8]) -> Bool {
        bytes.count <= size && bytes.withUnsafeBytes { a in content.withUnsafeBytes { b in memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 } }
    }

    private static func withFile(_ body: (String) async throws -> Void) async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("file-changed-\(UUID().uuidString)").path
        try Data(content).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        try await body(path)
    }

    /// Starts the download, reads its first bytes (so the response is being sent), runs
    /// `change` on the file, then reads until the server closes or the wait runs out.
    private static func download(
        port: Int, change: @escaping @Sendable () -> Void
    ) async throws -> (head: String, body: [UInt8], closed: Bool) {
        try await runOnDedicatedThread { () throws -> (String, [UInt8], Bool) in
            let connection = try RawHTTPConnection(port: port, timeout: .seconds(20), receiveBufferBytes: 64 * 1024)
            defer { connection.close() }
            try connection.send("GET /file HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
            let first = try connection.readRaw(atLeast: 64 * 1024)
            change()
            let (rest, closed) = connection.readRawUntilClose(within: .seconds(20))
            let bytes = first + rest
            let separator = Array("\r\n\r\n".utf8)
            let end = try #require((0...(bytes.count - separator.count)).first { bytes[$0..<$0 + 4].elementsEqual(separator) })
            return (String(decoding: bytes[..<end], as: UTF8.self), Array(bytes[(end + 4)...]), closed)
        }
    }

    @Test func aFileRemovedWhileItIsSentIsStillSentWhole() async throws {
        try await Self.withFile { path in
            try await withLiveServer(
                LiveServer.configuration(connectionTimeoutSeconds: 2),
                responder: { _ in HTTPResponse(body: .file(path: path, size: Self.size)) }
            ) { live in
                let (head, body, closed) = try await Self.download(port: live.port) { _ = unlink(path) }
                #expect(head.contains("Content-Length: \(Self.size)"))
                #expect(!FileManager.default.fileExists(atPath: path), "the file was removed while it was sent")
                #expect(closed)
                #expect(body.count == Self.size)
                #expect(Self.isPrefixOfContent(body), "the file's bytes")
            }
        }
    }

    @Test func aFileTruncatedWhileItIsSentEndsThatConnectionAndTheServerGoesOn() async throws {
        try await Self.withFile { path in
            try await withLiveServer(
                LiveServer.configuration(connectionTimeoutSeconds: 2),
                responder: { request in
                    request.path == "/file" ? HTTPResponse(body: .file(path: path, size: Self.size)) : HTTPResponse(contentType: "text/plain", text: "ok")
                }
            ) { live in
                let (head, body, closed) = try await Self.download(port: live.port) { _ = truncate(path, 1000) }
                #expect(head.contains("Content-Length: \(Self.size)"))
                // libmicrohttpd's sendfile finds nothing more to send and waits; the idle
                // timeout (2 s here, 30 s by default) then closes the connection. Bytes
                // already handed to the socket may show the cut (the kernel shares the
                // file's pages with it), so only the length is checked.
                #expect(closed, "the connection ends: a client waiting for the promised length is not left hanging")
                #expect(body.count < Self.size, "a short body, which the client sees as an error")
                // The server still answers, on a new connection and on the same threads.
                for _ in 0..<4 {
                    let response = try await live.exchange(get("/other"))
                    #expect(response.status == 200)
                    #expect(response.body == Array("ok".utf8))
                }
            }
        }
    }
}
